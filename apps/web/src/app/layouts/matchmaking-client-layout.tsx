/** The matchmaking client layout (spec s.2): pages for families and the clients they care for. */
import { SimpleHeaderLayout } from './simple-header-layout.tsx';

export function MatchmakingClientLayout() {
  return (
    <SimpleHeaderLayout
      suffix="Matchmaking · For families"
      home="/matchmaking"
      headerBg="var(--mantine-color-green-0)"
    />
  );
}
