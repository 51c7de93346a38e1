export declare function ensureUiStyles(): void;
