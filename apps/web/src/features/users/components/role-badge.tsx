/**
 * Roles (spec s.6) in words, and badges for role and account status (colour plus a word; never cut short in a
 * narrow table column).
 */
import { Badge } from '@mantine/core';
import { roles, type Role } from '@tend/contracts';

export const roleLabels: Record<Role, string> = {
  ADMIN: 'Admin',
  GUARDIAN: 'Guardian',
  CAREGIVER: 'Caregiver',
  USER: 'User',
};

export const roleDescriptions: Record<Role, string> = {
  ADMIN: 'Runs the agency: every admin page, people and users',
  GUARDIAN: 'A family member or guardian of a client (matchmaking)',
  CAREGIVER: 'A caregiver (matchmaking)',
  USER: 'A signed-in account with no admin access',
};

export const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

const roleColors: Record<Role, string> = {
  ADMIN: 'grape',
  GUARDIAN: 'blue',
  CAREGIVER: 'teal',
  USER: 'gray',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="light" color={roleColors[role]} miw="max-content">
      {roleLabels[role]}
    </Badge>
  );
}

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge variant={isActive ? 'light' : 'outline'} color={isActive ? 'green' : 'gray'} miw="max-content">
      {isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** The account's status in words: "Invited" (invitation not accepted yet), "Active" or "Inactive". */
export function accountStatus(user: { isActive: boolean; authUserId: string | null }): string {
  if (!user.isActive) return 'Inactive';
  return user.authUserId ? 'Active' : 'Invited';
}

/** Status badge: Invited (yellow), Active (green) or Inactive (grey outline). */
export function AccountStatusBadge({ user }: { user: { isActive: boolean; authUserId: string | null } }) {
  const status = accountStatus(user);
  if (status === 'Invited')
    return (
      <Badge variant="light" color="yellow" miw="max-content">
        Invited
      </Badge>
    );
  return <ActiveBadge isActive={user.isActive} />;
}
