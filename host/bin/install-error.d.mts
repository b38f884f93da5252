// Types of install-error.mjs for the TypeScript that uses it (host/src/main.ts).
export declare const EXIT_INSTALL: 8;
export declare function nodeTooOld(version?: string): string;
export declare function missingPackage(e: unknown): string;
export declare function installError(message: string, hint: string, argv?: string[]): number;
export declare function installHint(): string;
