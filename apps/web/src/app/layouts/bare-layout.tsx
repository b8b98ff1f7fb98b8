/** The no-layout layout (spec s.2 "no-layout"): the page alone. */
import { Outlet } from 'react-router';

export function BareLayout() {
  return <Outlet />;
}
