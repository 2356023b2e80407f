import { runService } from '@custody/service-kit';
import { identityService } from './identity.compose';
import { migrateAuditCommand } from './audit/migrate-command';
import { rotateSigningKeyCommand } from './keys/rotate-command';

// `main.js rotate-signing-key [access|issuer]` rotates a token signing key and exits;
// `main.js migrate-audit [role]` migrates the audit schema as its owner and exits; any other
// command (`migrate`, `restore-prepare`) is service-kit's, and with none the service starts.
const [command, ...args] = process.argv.slice(2);
if (command === 'migrate-audit') {
  migrateAuditCommand(args).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`migrate-audit failed: ${String(error)}
`);
      process.exit(1);
    },
  );
} else if (command === 'rotate-signing-key') {
  rotateSigningKeyCommand(args).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`rotate-signing-key failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
} else {
  runService(identityService);
}
