// The slice of ts-mls (RFC 9420) the E2E client uses, with one ciphersuite: MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519
// (X25519 and AES-GCM through @hpke/core, Ed25519 through WebCrypto — all present on Node 20 and browsers).
import {
  acceptAll,
  createApplicationMessage,
  createCommit,
  createGroup,
  createGroupInfoWithExternalPubAndRatchetTree,
  decodeGroupState,
  decodeMlsMessage,
  defaultCapabilities,
  defaultLifetime,
  emptyPskIndex,
  encodeGroupState,
  encodeMlsMessage,
  generateKeyPackage,
  getCiphersuiteFromName,
  getCiphersuiteImpl,
  joinGroup,
  joinGroupExternal,
  processMessage,
  type CiphersuiteImpl,
  type ClientState,
  type GroupInfo,
  type KeyPackage,
  type MLSMessage,
  type PrivateKeyPackage,
  type Proposal,
  type Welcome,
} from "ts-mls";
import { defaultClientConfig } from "ts-mls/clientConfig.js";
import { makeKeyPackageRef } from "ts-mls/keyPackage.js";
import { fromB64, fromUtf8, toB64, toHex, utf8 } from "./codec.ts";

export type { ClientState, KeyPackage, PrivateKeyPackage, Proposal, Welcome };
const CIPHERSUITE = "MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519";

let suite: Promise<CiphersuiteImpl> | undefined;
const cipherSuite = (): Promise<CiphersuiteImpl> => (suite ??= getCiphersuiteImpl(getCiphersuiteFromName(CIPHERSUITE)));

/** The MLS identity of one device session: who the leaf is, so members can map leaves to users and devices. */
export interface Identity {
  userId: string;
  deviceId: string;
}

const identityBytes = (id: Identity): Uint8Array => utf8(`${id.userId}/${id.deviceId}`);

export function parseIdentity(bytes: Uint8Array): Identity | null {
  const [userId, deviceId, extra] = fromUtf8(bytes).split("/");
  return userId && deviceId && extra === undefined ? { userId, deviceId } : null;
}

export async function newKeyPackage(id: Identity): Promise<{ publicPackage: KeyPackage; privatePackage: PrivateKeyPackage }> {
  return generateKeyPackage(
    { credentialType: "basic", identity: identityBytes(id) },
    defaultCapabilities(),
    defaultLifetime,
    [],
    await cipherSuite(),
  );
}

export const keyPackageRef = async (kp: KeyPackage): Promise<string> => toHex(await makeKeyPackageRef(kp, (await cipherSuite()).hash));

// Wire form: every object travels as an MLSMessage, base64.
const wire = (m: MLSMessage): string => toB64(encodeMlsMessage(m));
export const encodeKeyPackage = (keyPackage: KeyPackage) => wire({ version: "mls10", wireformat: "mls_key_package", keyPackage });
const encodeWelcome = (welcome: Welcome) => wire({ version: "mls10", wireformat: "mls_welcome", welcome });
const encodeGroupInfo = (groupInfo: GroupInfo) => wire({ version: "mls10", wireformat: "mls_group_info", groupInfo });
const encodeMessage = (m: MLSMessage) => wire(m);

export function decode(b64: string): MLSMessage {
  const decoded = decodeMlsMessage(fromB64(b64), 0);
  if (!decoded) throw new Error("not an MLS message");
  return decoded[0];
}

export function decodeAs<W extends MLSMessage["wireformat"]>(b64: string, wireformat: W): Extract<MLSMessage, { wireformat: W }> {
  const m = decode(b64);
  if (m.wireformat !== wireformat) throw new Error(`expected ${wireformat}, got ${m.wireformat}`);
  return m as Extract<MLSMessage, { wireformat: W }>;
}

/** The epoch an application or handshake message was made in (null for other kinds). */
export function messageEpoch(m: MLSMessage): bigint | null {
  if (m.wireformat === "mls_private_message") return m.privateMessage.epoch;
  if (m.wireformat === "mls_public_message") return m.publicMessage.content.epoch;
  return null;
}

export const saveState = (s: ClientState): Uint8Array => encodeGroupState(s);

export function loadState(bytes: Uint8Array): ClientState {
  const decoded = decodeGroupState(bytes, 0);
  if (!decoded) throw new Error("corrupt group state");
  return { ...decoded[0], clientConfig: defaultClientConfig };
}

export async function newGroup(
  groupId: string,
  own: { publicPackage: KeyPackage; privatePackage: PrivateKeyPackage },
): Promise<ClientState> {
  return createGroup(utf8(groupId), own.publicPackage, own.privatePackage, [], await cipherSuite());
}

export async function commit(state: ClientState, proposals: Proposal[]) {
  const cs = await cipherSuite();
  const res = await createCommit({ state, cipherSuite: cs }, { extraProposals: proposals, ratchetTreeExtension: true });
  const groupInfo = await createGroupInfoWithExternalPubAndRatchetTree(res.newState, [], cs);
  return {
    state: res.newState,
    commit: encodeMessage(res.commit),
    groupInfo: encodeGroupInfo(groupInfo),
    welcome: res.welcome && encodeWelcome(res.welcome),
  };
}

export async function externalJoin(groupInfoB64: string, own: { publicPackage: KeyPackage; privatePackage: PrivateKeyPackage }) {
  const cs = await cipherSuite();
  const gi = decodeAs(groupInfoB64, "mls_group_info").groupInfo;
  const res = await joinGroupExternal(gi, own.publicPackage, own.privatePackage, false, cs);
  const groupInfo = await createGroupInfoWithExternalPubAndRatchetTree(res.newState, [], cs);
  return {
    state: res.newState,
    commit: encodeMessage({ version: "mls10", wireformat: "mls_public_message", publicMessage: res.publicMessage }),
    groupInfo: encodeGroupInfo(groupInfo),
  };
}

export async function join(welcome: Welcome, own: { publicPackage: KeyPackage; privatePackage: PrivateKeyPackage }): Promise<ClientState> {
  return joinGroup(welcome, own.publicPackage, own.privatePackage, emptyPskIndex, await cipherSuite());
}

/** Applies a handshake message or decrypts an application one. */
export async function process(state: ClientState, m: MLSMessage) {
  if (m.wireformat !== "mls_private_message" && m.wireformat !== "mls_public_message") throw new Error(`cannot process ${m.wireformat}`);
  return processMessage(m, state, emptyPskIndex, acceptAll, await cipherSuite());
}

export async function encrypt(state: ClientState, plaintext: Uint8Array) {
  const res = await createApplicationMessage(state, plaintext, await cipherSuite());
  return {
    state: res.newState,
    ciphertext: encodeMessage({ version: "mls10", wireformat: "mls_private_message", privateMessage: res.privateMessage }),
  };
}

/** Every occupied leaf: index and identity. */
export function members(state: ClientState): { leaf: number; id: Identity | null }[] {
  const out: { leaf: number; id: Identity | null }[] = [];
  state.ratchetTree.forEach((node, i) => {
    if (i % 2 !== 0 || !node || node.nodeType !== "leaf") return;
    const cred = node.leaf.credential;
    out.push({ leaf: i / 2, id: cred.credentialType === "basic" ? parseIdentity(cred.identity) : null });
  });
  return out;
}

export const isRemoved = (state: ClientState): boolean => state.groupActiveState.kind !== "active";
export const epochOf = (state: ClientState): number => Number(state.groupContext.epoch);
