/**
 * Takes from every file and folder under `folder` what group and others may do. The embedded database
 * sets its files' modes itself (its first files come out 0666 whatever the process's umask), so the
 * umask alone does not keep them private: this runs after it opens and after it closes. The folder itself
 * may be a link (to another disk, say): its target is made private; links inside it are left alone.
 */
export declare function keepFolderPrivate(folder: string): void;
