// Baseline of the sign path: one Express process that signs an EIP-191 message with a key
// derived from a seed (ethers, as the signing service does) and stores the signature with pg:
// no auth, no RPC, no policy decision.
import express from 'express';
import { HDNodeWallet, Mnemonic } from 'ethers';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(
  'CREATE TABLE IF NOT EXISTS public.bench_signatures (id serial PRIMARY KEY, signature text)',
);
const account = HDNodeWallet.fromSeed(
  Mnemonic.fromPhrase('test test test test test test test test test test test junk').computeSeed(),
).derivePath("m/44'/60'/0'/0");
const app = express();
app.use(express.json());
app.post('/sign/:index', async (req, res) => {
  const signature = await account
    .deriveChild(Number(req.params.index))
    .signMessage(req.body.message);
  const { rows } = await pool.query(
    'INSERT INTO public.bench_signatures (signature) VALUES ($1) RETURNING id',
    [signature],
  );
  res.json({ id: rows[0].id });
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
