/** What the simulator accepts as a picture: JPEG or PNG bytes, by their signature. */
export function isPicture(bytes: Uint8Array): boolean {
  if (bytes.length < 8) return false;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  return jpeg || png;
}
