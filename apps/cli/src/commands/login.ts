import { createCustodyClient } from '@custody/sdk';
import type { Command } from 'commander';
import { readProfile, removeProfile, saveProfile } from '../config';
import { Context, type CliIo } from '../context';
import { CliError } from '../errors';
import { formatRecord } from '../output';

interface LoginOptions {
  email?: string;
  password?: string;
  apiClientId?: string;
  apiClientSecret?: string;
}

export function registerLogin(program: Command, io: CliIo): void {
  program
    .command('login')
    .description(
      "Log in with a client's e-mail and password; keeps the refresh token in the config file (mode 0600)",
    )
    .option('--email <email>', "the client's e-mail (default: $CUSTODY_EMAIL)")
    .option('--password <password>', 'the password (default: $CUSTODY_PASSWORD)')
    .option('--api-client-id <id>', "the api client's id (default: $CUSTODY_API_CLIENT_ID)")
    .option(
      '--api-client-secret <secret>',
      "the api client's secret (default: $CUSTODY_API_CLIENT_SECRET)",
    )
    .action(async (options: LoginOptions, command: Command) => {
      const ctx = Context.of(io, command);
      const env = ctx.env;
      const email = options.email || env['CUSTODY_EMAIL'];
      const password = options.password || env['CUSTODY_PASSWORD'];
      const id = options.apiClientId || env['CUSTODY_API_CLIENT_ID'];
      const secret = options.apiClientSecret || env['CUSTODY_API_CLIENT_SECRET'];
      if (!email) throw new CliError('email_required', 'Give --email (or set CUSTODY_EMAIL).');
      if (!password) {
        throw new CliError('password_required', 'Give --password (or set CUSTODY_PASSWORD).');
      }
      if (!id || !secret) {
        throw new CliError(
          'api_client_required',
          'Give --api-client-id and --api-client-secret (or set CUSTODY_API_CLIENT_ID and CUSTODY_API_CLIENT_SECRET).',
        );
      }
      const apiUrl = ctx.apiUrl(readProfile(env, ctx.profileName));
      const apiClient = { id, secret };
      const client = createCustodyClient({ baseUrl: apiUrl, apiClient, rememberPassword: false });
      const tokens = await client.login({ email, password });
      saveProfile(env, ctx.profileName, {
        apiUrl,
        refreshToken: tokens.refresh_token,
        apiClient,
        email: tokens.client.email,
      });
      const result = {
        profile: ctx.profileName,
        apiUrl,
        configFile: ctx.configFile,
        client: {
          id: tokens.client.id,
          name: tokens.client.name,
          email: tokens.client.email,
          tenantId: tokens.client.tenantId,
        },
      };
      ctx.print(result, () => `Logged in.\n${formatRecord(result)}`);
    });

  program
    .command('logout')
    .description("Revoke the profile's refresh token and forget it")
    .action(async (_options: object, command: Command) => {
      const ctx = Context.of(io, command);
      const profile = readProfile(ctx.env, ctx.profileName);
      if (profile) {
        const client = createCustodyClient({
          baseUrl: ctx.apiUrl(profile),
          apiClient: profile.apiClient,
        });
        try {
          await client.fromRefreshToken(profile.refreshToken);
          await client.logout();
        } finally {
          removeProfile(ctx.env, ctx.profileName);
        }
      }
      const result = { profile: ctx.profileName, loggedOut: profile !== undefined };
      ctx.print(result, () =>
        profile ? `Logged out (profile "${ctx.profileName}").\n` : 'Not logged in.\n',
      );
    });
}
