import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** One file of the archive: its name inside it, its exact size, and a way to read its bytes when its turn comes. */
export interface ZipEntry {
  name: string;
  size: number;
  /** Opened only when the archive reaches this entry, so one file at a time is open. */
  open(): Promise<AsyncIterable<Uint8Array>>;
  /** Last modified (the archive's DOS date and time); default now. */
  mtime?: Date;
}

/** Without ZIP64, every size and offset of the archive must stay below 4 GiB. */
export const ZIP_MAX_BYTES = 0xffff_ffff;
const MAX_ENTRIES = 0xffff;

const LOCAL_HEADER = 30;
const DATA_DESCRIPTOR = 16;
const CENTRAL_HEADER = 46;
const END_OF_CENTRAL_DIRECTORY = 22;
/** bit 3: CRC and sizes follow the data (the CRC is known only once it is sent); bit 11: names are UTF-8. */
const FLAGS = 0x0008 | 0x0800;
/** 2.0: the version a reader needs for a data descriptor. */
const VERSION = 20;

export class ZipTooLargeError extends Error {}

function dosDateTime(d: Date) {
  const year = Math.min(Math.max(d.getUTCFullYear(), 1980), 2107);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/**
 * The exact byte length of the archive of `entries` (names and sizes are
 * known before a byte is read), so the answer can carry a Content-Length and
 * a browser shows how far a download has come. Throws ZipTooLargeError past
 * what a ZIP without ZIP64 can describe.
 */
export function zipLength(entries: readonly Pick<ZipEntry, 'name' | 'size'>[]): number {
  if (entries.length > MAX_ENTRIES) throw new ZipTooLargeError(`${entries.length} entries`);
  let total = END_OF_CENTRAL_DIRECTORY;
  for (const e of entries) {
    const name = Buffer.byteLength(e.name);
    if (e.size > ZIP_MAX_BYTES) throw new ZipTooLargeError(`${e.name}: ${e.size} bytes`);
    total += LOCAL_HEADER + name + e.size + DATA_DESCRIPTOR + CENTRAL_HEADER + name;
  }
  // The central directory's offset must fit too; the total bounds it.
  if (total > ZIP_MAX_BYTES) throw new ZipTooLargeError(`${total} bytes`);
  return total;
}

/**
 * A ZIP archive of `entries` written as it is read: each file is STORED
 * (method 0: MP3s and JPEGs do not shrink, and the bytes go out as they come
 * from storage), its CRC-32 computed over the stream as it passes, then
 * given in a data descriptor; the central directory closes the archive. No
 * temporary file, and only the chunk in flight is in memory: the Readable
 * pulls the next chunk when the client has taken the last (backpressure).
 *
 * An entry whose bytes differ in number from its declared size (a file
 * replaced meanwhile) fails the stream rather than send a corrupt archive.
 */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  zipLength(entries);
  async function* generate() {
    const central: Buffer[] = [];
    let offset = 0;
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const { time, date } = dosDateTime(entry.mtime ?? new Date());
      const local = Buffer.alloc(LOCAL_HEADER);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(VERSION, 4);
      local.writeUInt16LE(FLAGS, 6);
      local.writeUInt16LE(0, 8); // stored
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      // CRC and sizes (14..25) stay 0: bit 3, they follow in the descriptor.
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      yield local;
      yield name;

      let crc = 0;
      let size = 0;
      for await (const chunk of await entry.open()) {
        crc = crc32(chunk, crc);
        size += chunk.byteLength;
        if (size > entry.size) break;
        yield chunk;
      }
      if (size !== entry.size) throw new Error(`zip: ${entry.name} is ${size} bytes, not the ${entry.size} announced`);

      const descriptor = Buffer.alloc(DATA_DESCRIPTOR);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc >>> 0, 4);
      descriptor.writeUInt32LE(size, 8);
      descriptor.writeUInt32LE(size, 12);
      yield descriptor;

      const header = Buffer.alloc(CENTRAL_HEADER);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, version 2.0
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(0, 10);
      header.writeUInt16LE(time, 12);
      header.writeUInt16LE(date, 14);
      header.writeUInt32LE(crc >>> 0, 16);
      header.writeUInt32LE(size, 20);
      header.writeUInt32LE(size, 24);
      header.writeUInt16LE(name.length, 28);
      // extra, comment, disk, internal and external attributes: 0
      header.writeUInt32LE(offset, 42);
      central.push(header, name);
      offset += LOCAL_HEADER + name.length + size + DATA_DESCRIPTOR;
    }
    const directory = Buffer.concat(central);
    yield directory;
    const end = Buffer.alloc(END_OF_CENTRAL_DIRECTORY);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    yield end;
  }
  return Readable.from(generate(), { objectMode: false });
}
