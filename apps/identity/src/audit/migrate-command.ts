import { migrateAuditStore } from './audit-store';

/**
 * `node dist/apps/identity/main.js migrate-audit [role]`: migrates the audit schema as its owner
 * (AUDIT_MIGRATION_DATABASE_URL) and grants identity's runtime role (`role`, `identity` by
 * default) INSERT and SELECT there, then exits; docker-compose runs it once before identity,
 * which then never holds the owner's login (docs/decisions/audit.md). Prints the migrations
 * applied as JSON.
 */
export async function migrateAuditCommand(args: string[]): Promise<number> {
  const ownerUrl = process.env['AUDIT_MIGRATION_DATABASE_URL'];
  const role = args[0] ?? 'identity';
  if (!ownerUrl || args.length > 1) {
    process.stderr.write(
      'usage: AUDIT_MIGRATION_DATABASE_URL=postgres://owner:…@host/db migrate-audit [role]\n',
    );
    return 2;
  }
  const applied = await migrateAuditStore(ownerUrl, role);
  process.stdout.write(`${JSON.stringify({ applied, granted: role })}\n`);
  return 0;
}
