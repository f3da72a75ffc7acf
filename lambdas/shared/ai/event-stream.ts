// AWS event-stream frames (application/vnd.amazon.eventstream), as ConverseStream sends them:
// a 12-byte prelude (total length, headers length, prelude CRC), headers, payload, message CRC.
// Only decoding, only what ConverseStream needs; the transport (TLS, HTTP/2) already guards the
// bytes, so the CRCs are not recomputed. The SDK's codec would bring its runtime back (see
// converse-client.ts for why we do without it).

export interface EventFrame {
  headers: Record<string, string | number | boolean>;
  body: Uint8Array;
}

const utf8 = new TextDecoder();

function readHeaders(bytes: Uint8Array): EventFrame['headers'] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headers: EventFrame['headers'] = {};
  let at = 0;
  while (at < bytes.length) {
    const nameLength = bytes[at++];
    const name = utf8.decode(bytes.subarray(at, at + nameLength));
    at += nameLength;
    const type = bytes[at++];
    if (type === 0 || type === 1) headers[name] = type === 0;
    else if (type === 2) headers[name] = view.getInt8(at++);
    else if (type === 3) {
      headers[name] = view.getInt16(at);
      at += 2;
    } else if (type === 4) {
      headers[name] = view.getInt32(at);
      at += 4;
    } else if (type === 5 || type === 8) {
      headers[name] = Number(view.getBigInt64(at));
      at += 8;
    } else if (type === 9) at += 16;
    else if (type === 6 || type === 7) {
      const length = view.getUint16(at);
      at += 2;
      if (type === 7) headers[name] = utf8.decode(bytes.subarray(at, at + length));
      at += length;
    } else throw new Error(`Unknown event-stream header type ${type}`);
  }
  return headers;
}

/** Feeds bytes as they arrive; answers every frame completed so far. */
export function eventStreamDecoder() {
  let pending = new Uint8Array(0);
  return (chunk: Uint8Array): EventFrame[] => {
    const joined = new Uint8Array(pending.length + chunk.length);
    joined.set(pending);
    joined.set(chunk, pending.length);
    const frames: EventFrame[] = [];
    let at = 0;
    while (joined.length - at >= 12) {
      const view = new DataView(joined.buffer, joined.byteOffset + at);
      const total = view.getUint32(0);
      const headersLength = view.getUint32(4);
      if (joined.length - at < total) break;
      const headers = readHeaders(joined.subarray(at + 12, at + 12 + headersLength));
      frames.push({ headers, body: joined.slice(at + 12 + headersLength, at + total - 4) });
      at += total;
    }
    pending = joined.slice(at);
    return frames;
  };
}
