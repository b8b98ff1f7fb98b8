/**
 * Permission predicates (STYLE.md s.7): the server enforces them, the client uses them to hide.
 * The role model is spec s.6; what each role may do is decided in docs/decisions/0002-route-guards.md.
 *
 * Zod-free on purpose: the web shell imports this file as `@tend/contracts/permissions` so that zod (and every
 * schema) stays out of the JavaScript downloaded before /login is usable (docs/decisions/0005-api-performance.md).
 * Only type imports from schema files here.
 */
import type { Role } from './enums.ts';
import type { Guard } from './routes.ts';

export interface Actor {
  userAccountId: string;
  role: Role;
}

export const isAdmin = (actor: Actor | null | undefined): boolean => actor?.role === 'ADMIN';

/**
 * Whether an actor passes a route guard, as far as it can be decided from the actor alone.
 * `guardian-client-context` and `dashboard` also need the record in question: the server checks
 * scope in the query (a record outside scope is NOT_FOUND).
 */
export function passesGuard(guard: Guard, actor: Actor | null | undefined): boolean {
  switch (guard) {
    case 'public':
      return true;
    case 'auth':
    case 'dashboard':
      return Boolean(actor);
    case 'admin':
      return isAdmin(actor);
    case 'auth-role':
      return (
        Boolean(actor) &&
        (actor?.role === 'ADMIN' || actor?.role === 'GUARDIAN' || actor?.role === 'CAREGIVER')
      );
    case 'guardian-client-context':
      return actor?.role === 'ADMIN' || actor?.role === 'GUARDIAN';
  }
}
