/** The default layout (spec s.2): a simple header and a centred container. */
import { SimpleHeaderLayout } from './simple-header-layout.tsx';

export function DefaultLayout() {
  return <SimpleHeaderLayout />;
}
