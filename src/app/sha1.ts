// Files are named by their SHA-1 (content addressing, docs/protocol.md §15.3 step 1). crypto-js hashes
// incrementally, one slice at a time: reading each slice is asynchronous, so the page stays responsive
// between slices and a 20 MB file is never held twice in memory.
import CryptoJS from 'crypto-js'

/** Bytes hashed per step. */
export const HASH_SLICE_BYTES = 1024 * 1024

const wordArray = (bytes: Uint8Array) =>
  // crypto-js reads typed arrays through WordArray.create (its lib-typedarrays part).
  CryptoJS.lib.WordArray.create(bytes as unknown as number[])

/** SHA-1 hex of bytes already in memory (the preview's PNG). */
export const sha1OfBytes = (bytes: Uint8Array): string =>
  CryptoJS.SHA1(wordArray(bytes)).toString(CryptoJS.enc.Hex)

export const sha1OfBlob = async (blob: Blob): Promise<string> => {
  const hasher = CryptoJS.algo.SHA1.create()
  for (let offset = 0; offset < blob.size; offset += HASH_SLICE_BYTES) {
    const slice = blob.slice(offset, offset + HASH_SLICE_BYTES)
    hasher.update(wordArray(new Uint8Array(await slice.arrayBuffer())))
  }
  return hasher.finalize().toString(CryptoJS.enc.Hex)
}
