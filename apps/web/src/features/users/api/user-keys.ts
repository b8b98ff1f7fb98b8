/** Query keys of the users domain: `['users']` ⊃ `['users', 'list']` ⊃ `['users', 'list', query]`. */
import type { UserListQuery } from '@tend/contracts';

export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
};
