/**
 * `/matchmaking/client/:uniqueKey/map` (issue 21 "Map"; sign-in required): caregivers near a family's client
 * listing. A key the caller does not manage shows the not-found message.
 */
import { useParams } from 'react-router';
import { NearbyView } from '../components/nearby-view.tsx';

export function ClientMapPage() {
  const { uniqueKey = '' } = useParams();
  return <NearbyView key={uniqueKey} side="client" uniqueKey={uniqueKey} />;
}
