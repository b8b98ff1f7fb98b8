/**
 * `/admin/users` as the app composes it (features meet only in src/app): the users feature's page with the access
 * feature's tabs on a user's detail: "Access" (scoped grants) and "Activity" (what the account read; issue 20).
 */
import { UsersPage } from '../../features/users/pages/users-page.tsx';
import type { AccountTab } from '../../features/users/components/edit-user-modal.tsx';
import { AccessGrantPanel } from '../../features/access/components/access-grant-panel.tsx';
import { AccountActivityPanel } from '../../features/access/components/account-activity-panel.tsx';

const accountTabs: readonly AccountTab[] = [
  { value: 'access', label: 'Access', Panel: AccessGrantPanel },
  { value: 'activity', label: 'Activity', Panel: AccountActivityPanel },
];

export function UsersAdminScreen() {
  return <UsersPage accountTabs={accountTabs} />;
}
