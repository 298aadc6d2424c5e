/**
 * Attribute names of the wallet item, always written as placeholders in expressions (several,
 * like `seq` or `size`-adjacent words, are DynamoDB reserved words or could become one).
 */
const NAMES: Record<string, string> = {
  '#bal': 'balance',
  '#te': 'totalEarned',
  '#tu': 'totalUsed',
  '#tx': 'totalExpired',
  '#seq': 'seq',
  '#ss': 'settledSeq',
  '#ep': 'epoch',
  '#gs': 'gseq',
  '#jf': 'jtFloor',
  '#ne': 'nextExpiryAt',
  '#fmt': 'fmt',
  '#j': 'j',
  '#js': 'js',
  '#jb': 'jb',
  '#jt': 'jt',
  '#lots': 'lots',
  '#up': 'updatedAt',
  '#ver': 'version',
  '#own': 'ownerId',
  '#ent': 'entity',
  '#debt': 'debt',
};

/** The ExpressionAttributeNames for `expressions`: exactly the placeholders they use. */
export function namesFor(
  extra: Record<string, string>,
  ...expressions: (string | undefined)[]
): Record<string, string> {
  const text = expressions.join(' ');
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/#[A-Za-z0-9_]+/g)) {
    const name = m[0];
    const value = extra[name] ?? NAMES[name];
    if (value === undefined) throw new Error(`unknown attribute placeholder ${name}`);
    out[name] = value;
  }
  return out;
}
