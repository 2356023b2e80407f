import { earlyOutcomes } from '@custody/persistence';

// Outcomes that arrive before their operation: the shared statements over ledger's table.
export const { lockApproval, keepOutcome, takeOutcome } = earlyOutcomes('ledger');
