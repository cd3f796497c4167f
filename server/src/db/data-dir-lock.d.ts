/**
 * One process at a time on an embedded database (docs/operations.md#the-embedded-database): PGlite
 * keeps its state in the opening process, and a second opener corrupts the folder. Whoever opens a data
 * folder first makes `<folder>.lock` beside it (a directory: mkdir is atomic) holding its process id; a
 * second opener stops at once, naming the folder and that process. A lock whose process is gone (killed)
 * is taken over: renamed away atomically, so that of two processes racing for it only one wins.
 */
export declare class DataDirLockedError extends Error {
    readonly folder: string;
    readonly holder: {
        pid: number;
        host: string;
        since: string;
    };
    constructor(folder: string, holder: {
        pid: number;
        host: string;
        since: string;
    });
}
export interface Holder {
    pid: number;
    host: string;
    since: string;
}
/** The lock folder of a data folder; the process holding it may keep other files there (a socket). */
export declare const lockFolderOf: (folder: string) => string;
/** The live process that holds a data folder's lock, if any. */
export declare function lockHolder(folder: string): Holder | null;
/** Takes the lock of a data folder, or throws DataDirLockedError; answers the function that releases it. */
export declare function lockDataDir(folder: string): () => void;
