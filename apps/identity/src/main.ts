import { runMain, startService } from '@custody/service-kit';
import { identityService } from './identity.compose';
import { rotateSigningKeyCommand } from './keys/rotate-command';

// `main.js rotate-signing-key [access|issuer]` rotates a token signing key and exits; with no
// command, the service starts.
const [command, ...args] = process.argv.slice(2);
if (command === 'rotate-signing-key') {
  rotateSigningKeyCommand(args).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`rotate-signing-key failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
} else {
  runMain(() => startService(identityService));
}
