/** The matchmaking caregiver layout (spec s.2): pages for caregivers looking for clients. */
import { SimpleHeaderLayout } from './simple-header-layout.tsx';

export function MatchmakingCaregiverLayout() {
  return (
    <SimpleHeaderLayout
      suffix="Matchmaking · For caregivers"
      home="/matchmaking"
      headerBg="var(--mantine-color-teal-0)"
    />
  );
}
