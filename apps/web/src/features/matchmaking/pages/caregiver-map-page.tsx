/**
 * `/matchmaking/caregiver/:uniqueKey/map` (issue 21 "Map"; sign-in required): families near a caregiver's listing. A
 * key the caller does not manage shows the not-found message.
 */
import { useParams } from 'react-router';
import { NearbyView } from '../components/nearby-view.tsx';

export function CaregiverMapPage() {
  const { uniqueKey = '' } = useParams();
  return <NearbyView key={uniqueKey} side="caregiver" uniqueKey={uniqueKey} />;
}
