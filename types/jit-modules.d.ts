// LuaJIT modules loaded with require(). Listed in tsconfig `noResolvePaths`, so that TSTL emits
// `require("ffi")` rather than a path inside this plugin. Import with `import ffi = require("ffi")`.

declare module "ffi" {
  interface CData {
    [index: number]: number;
  }
  interface FFI {
    cdef(this: void, defs: string): void;
    "new"(this: void, ct: string, n?: number, init?: unknown): CData;
    cast(this: void, ct: string, value: unknown): CData;
    string(this: void, ptr: CData, len?: number): string;
    copy(this: void, dst: CData, src: CData | string, len: number): void;
    fill(this: void, dst: CData, len: number, c?: number): void;
    sizeof(this: void, ct: string | CData): number;
    /** Whether the target has the property, e.g. "le" (little-endian). */
    abi(this: void, param: string): boolean;
    C: any;
    os: string;
    arch: string;
  }
  const ffi: FFI;
  export = ffi;
}

declare module "string.buffer" {
  interface StringBuffer {
    put(this: StringBuffer, ...parts: string[]): StringBuffer;
    get(this: StringBuffer, len?: number): string;
    tostring(this: StringBuffer): string;
    reset(this: StringBuffer): StringBuffer;
    length(this: StringBuffer): number;
  }
  interface BufferModule {
    "new"(this: void, size?: number): StringBuffer;
  }
  const m: BufferModule;
  export = m;
}
