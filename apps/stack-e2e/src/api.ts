import { BOOTSTRAP } from './stack';

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  basic?: { id: string; secret: string };
  headers?: Record<string, string>;
}

/** A small HTTP client for the gateway, as an API user would write one. */
export class Api {
  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (options.basic) {
      headers['authorization'] =
        `Basic ${Buffer.from(`${options.basic.id}:${options.basic.secret}`).toString('base64')}`;
    }
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, headers: res.headers, body };
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, options);
  post = (path: string, options?: RequestOptions) => this.request('POST', path, options);
  patch = (path: string, options?: RequestOptions) => this.request('PATCH', path, options);
  put = (path: string, options?: RequestOptions) => this.request('PUT', path, options);
  delete = (path: string, options?: RequestOptions) => this.request('DELETE', path, options);

  readonly bootstrapApp = { id: BOOTSTRAP.apiClientId, secret: BOOTSTRAP.apiClientSecret };

  async login(
    email: string,
    password: string,
    extra: { userId?: string; app?: { id: string; secret: string } } = {},
  ) {
    const res = await this.post('/v1/tokens', {
      basic: extra.app ?? this.bootstrapApp,
      body: {
        grant_type: 'password',
        username: email,
        password,
        ...(extra.userId ? { userId: extra.userId } : {}),
      },
    });
    if (res.status !== 201)
      throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as {
      access_token: string;
      refresh_token: string;
      client: { id: string };
      expires_in: string;
    };
  }

  async adminToken(): Promise<string> {
    return (await this.login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword)).access_token;
  }

  /** Creates a general client and returns its id, credentials and a token. */
  async newClient(adminToken: string, name = 'Fintech') {
    const email = `${name.toLowerCase().replace(/\W/g, '')}-${Math.random().toString(36).slice(2)}@e2e.test`;
    const password = 'a-long-client-password';
    const created = await this.post('/v1/clients', {
      token: adminToken,
      body: { name, email, password },
    });
    if (created.status !== 201)
      throw new Error(`client create failed: ${JSON.stringify(created.body)}`);
    const token = await this.login(email, password);
    return {
      id: created.body.id as string,
      email,
      password,
      token: token.access_token,
      refresh: token.refresh_token,
    };
  }
}

export { expectProblem } from '@custody/testing';
