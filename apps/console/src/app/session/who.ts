/**
 * What the console knows of the signed-in client, as the gateway's session says it: for
 * showing, never for deciding access (the API decides).
 */
export interface Who {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  tenantId: string;
  /** Its scopes as `resource:action`; null: every scope. */
  scopes: string[] | null;
  /** The session may only register a passkey (passkeys are required, none registered yet). */
  enrollmentOnly?: boolean;
}

/** Whether the client holds `resource:action` (the API decides; this only hides buttons). */
export function may(who: Who, scope: string): boolean {
  return who.scopes === null || who.scopes.includes(scope);
}
