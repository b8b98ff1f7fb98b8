/**
 * `GET /api/users` (admin only): one page of user accounts for `UserListQuery` (q, role, active,
 * page, pageSize, sort, order) → contracts `userPage`. `fetchAllUsers` reads every page for the CSV.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersEndpoints, type UserAccount, type UserListQuery } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { fetchAllPages } from '../../../components/ui/data-table.tsx';
import { userKeys } from './user-keys.ts';

export const findUsers = (query: UserListQuery, signal?: AbortSignal) =>
  apiCall(usersEndpoints.findUsers, { query, signal });

export const fetchAllUsers = (query: UserListQuery): Promise<UserAccount[]> =>
  fetchAllPages<UserAccount>((page, pageSize) => findUsers({ ...query, page, pageSize }), 500);

export const usersQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => findUsers(query, signal),
    placeholderData: keepPreviousData,
  });

/** The page of users for the query (the previous page stays shown while the next loads). */
export const useUsers = (query: UserListQuery) => useQuery(usersQueryOptions(query));
