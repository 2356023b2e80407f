import type { AuthContext, ListQuery, ListResult, TransferView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, isUuid, listResult } from '@custody/persistence';
import { tenantScope } from '@custody/tenancy';
import { findTransfer, listTransfers } from './transfers.repository';
import { transferView } from './transfers.rules';

/**
 * Transfers as the API reads them: the caller's tenant's, or a user-bound token's own (creation
 * is create-transfer.ts; a held one's outcome settle-transfer-approval.ts).
 */
export class TransfersService {
  constructor(private readonly db: Database) {}

  async list(auth: AuthContext | undefined, query: ListQuery): Promise<ListResult<TransferView>> {
    const page = await listTransfers(this.db, tenantScope(auth), auth?.userId, query);
    return listResult(
      page,
      page.rows.map((r) =>
        transferView(
          r,
          page.legs.filter((l) => l.transferId === r.id),
        ),
      ),
    );
  }

  async get(auth: AuthContext | undefined, id: string): Promise<TransferView> {
    const scope = tenantScope(auth);
    if (!isUuid(id)) throw Errors.notFound('transfer');
    const found = await findTransfer(this.db, scope, auth?.userId, id);
    if (!found) throw Errors.notFound('transfer');
    return transferView(found.row, found.legs);
  }
}
