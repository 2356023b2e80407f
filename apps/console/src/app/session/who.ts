import type { TokenResponse } from '@custody/sdk';

/** What the console knows of the signed-in client: for showing, never for deciding access. */
export interface Who {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  tenantId: string;
  /** Its scopes as `resource:action`; null: every scope. */
  scopes: string[] | null;
}

/** The claims of an access token's payload that the console reads. */
interface AccessClaims {
  aud_c?: string;
  ten?: string;
  scp?: string[][];
}

function claimsOf(token: string): AccessClaims {
  const payload = token.split('.')[1] ?? '';
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as AccessClaims;
  } catch {
    return {};
  }
}

export function whoFrom(tokens: TokenResponse): Who {
  const claims = claimsOf(tokens.access_token);
  return {
    id: tokens.client.id,
    name: tokens.client.name,
    email: tokens.client.email,
    isAdmin: (claims.aud_c ?? tokens.client.audience[0]) === 'admin',
    tenantId: claims.ten ?? tokens.client.tenantId,
    scopes: claims.scp ? claims.scp.map((pair) => pair.join(':')) : null,
  };
}

/** Whether the client holds `resource:action` (the API decides; this only hides buttons). */
export function may(who: Who, scope: string): boolean {
  return who.scopes === null || who.scopes.includes(scope);
}
