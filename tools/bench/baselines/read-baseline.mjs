// Baseline of the read path: one Express process doing the same SELECT with pg, no auth, no RPC.
import express from 'express';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = express();
app.get('/users/:id', async (req, res) => {
  const { rows } = await pool.query('SELECT * FROM identity.users WHERE id = $1', [req.params.id]);
  if (rows.length === 0) return res.status(404).json({ code: 'not_found' });
  res.json(rows[0]);
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
