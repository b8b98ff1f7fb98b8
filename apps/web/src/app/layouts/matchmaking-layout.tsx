/** The matchmaking layout (spec s.2): branded header for the public matchmaking pages. */
import { SimpleHeaderLayout } from './simple-header-layout.tsx';

export function MatchmakingLayout() {
  return (
    <SimpleHeaderLayout suffix="Matchmaking" home="/matchmaking" headerBg="var(--mantine-color-green-0)" />
  );
}
