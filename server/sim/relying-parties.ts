/**
 * What the simulators know of relying parties and hashes, shared by Mobile-ID and Smart-ID.
 *
 * SK registers each relying party (UUID, one or more names, the calling IP addresses). The simulators know SK's
 * public demo relying party only, as SK's demo environment does: a portal configured with other credentials
 * gets 401, exactly as it would from SK with unregistered ones. The UUID is case-sensitive (MID REST v1 §2.2:
 * "only small caps are allowed"), the name is not (§2.1, RP API v2 §2.2.4).
 */
export const DEMO_RELYING_PARTY = { uuid: '00000000-0000-0000-0000-000000000000', name: 'DEMO' } as const;

export function isRegisteredRelyingParty(uuid: string, name: string): boolean {
  return uuid === DEMO_RELYING_PARTY.uuid && name.toUpperCase() === DEMO_RELYING_PARTY.name;
}

/** hashType → hash length in bytes (MID REST v1 §2.3, RP API v2 §2.2.5). */
export const HASH_LENGTHS: Record<string, number> = { SHA256: 32, SHA384: 48, SHA512: 64 };
