/** Roles (spec s.6) in words, and badges for role and account status (colour plus a word). */
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
    <Badge variant="light" color={roleColors[role]}>
      {roleLabels[role]}
    </Badge>
  );
}

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge variant={isActive ? 'light' : 'outline'} color={isActive ? 'green' : 'gray'}>
      {isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}
