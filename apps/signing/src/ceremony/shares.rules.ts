/**
 * The backup's share files (docs/operations/key-ceremony.md): one per custodian, each naming its
 * backup and the seed's public fingerprint, so a restore knows a stray share before combining.
 */
export const SHARE_FORMAT = 'custody-master-seed-share/1';

export interface ShareFile {
  format: typeof SHARE_FORMAT;
  backupId: string;
  /** The seed's public root (hd-keys `seedFingerprint`): what the restored seed must match. */
  fingerprint: string;
  /** The first EVM address of the seed, for a person to recognise it. */
  firstAddress: string;
  threshold: number;
  shares: number;
  /** 1-based; the share's own x coordinate is inside `data`. */
  index: number;
  /** The Shamir share, base64. */
  data: string;
  createdAt: string;
}

export class ShareError extends Error {
  constructor(
    readonly fault:
      | 'malformed'
      | 'another_backup'
      | 'duplicate'
      | 'too_few'
      | 'fingerprint_mismatch'
      | 'bad_split',
    message: string,
  ) {
    super(message);
    this.name = 'ShareError';
  }
}

/** N shares of which M restore: 2 ≤ M ≤ N ≤ 255 (the scheme's bounds). */
export function checkSplit(shares: number, threshold: number): void {
  if (!Number.isInteger(shares) || !Number.isInteger(threshold))
    throw new ShareError('bad_split', '--shares and --threshold must be whole numbers');
  if (threshold < 2 || threshold > shares || shares > 255)
    throw new ShareError('bad_split', 'Need 2 ≤ threshold ≤ shares ≤ 255');
}

/** The file name of a share: the backup's short id, its index and count. */
export function shareFileName(file: ShareFile): string {
  return `seed-share-${file.backupId.slice(0, 8)}-${file.index}-of-${file.shares}.json`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A share file's content, or why it is not one. */
export function parseShareFile(text: string, name: string): ShareFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ShareError('malformed', `${name} is not a share file (not JSON)`);
  }
  if (
    !isRecord(value) ||
    value['format'] !== SHARE_FORMAT ||
    typeof value['backupId'] !== 'string' ||
    typeof value['fingerprint'] !== 'string' ||
    !/^[0-9a-f]{64}$/.test(value['fingerprint']) ||
    typeof value['firstAddress'] !== 'string' ||
    typeof value['threshold'] !== 'number' ||
    typeof value['shares'] !== 'number' ||
    typeof value['index'] !== 'number' ||
    typeof value['data'] !== 'string' ||
    typeof value['createdAt'] !== 'string'
  )
    throw new ShareError('malformed', `${name} is not a ${SHARE_FORMAT} file`);
  return {
    format: SHARE_FORMAT,
    backupId: value['backupId'],
    fingerprint: value['fingerprint'],
    firstAddress: value['firstAddress'],
    threshold: value['threshold'],
    shares: value['shares'],
    index: value['index'],
    data: value['data'],
    createdAt: value['createdAt'],
  };
}

/**
 * The set of shares a restore was given, checked before anything is combined: all of one backup
 * (a share of another is named), none twice, at least the threshold.
 */
export function checkShareSet(files: { name: string; share: ShareFile }[]): {
  backupId: string;
  fingerprint: string;
  threshold: number;
} {
  const first = files[0];
  if (!first) throw new ShareError('too_few', 'No share given');
  for (const { name, share } of files) {
    if (share.backupId !== first.share.backupId || share.fingerprint !== first.share.fingerprint)
      throw new ShareError(
        'another_backup',
        `${name} belongs to another backup (${share.backupId}, seed ${share.fingerprint.slice(0, 16)}…) than ${first.name} (${first.share.backupId}, seed ${first.share.fingerprint.slice(0, 16)}…)`,
      );
  }
  // The scheme puts each share's x coordinate in its last byte.
  const indexes = new Set(files.map((f) => Buffer.from(f.share.data, 'base64').at(-1)));
  if (indexes.size !== files.length)
    throw new ShareError('duplicate', 'The same share was given twice');
  if (files.length < first.share.threshold)
    throw new ShareError(
      'too_few',
      `This backup needs ${first.share.threshold} shares; ${files.length} given`,
    );
  return {
    backupId: first.share.backupId,
    fingerprint: first.share.fingerprint,
    threshold: first.share.threshold,
  };
}
