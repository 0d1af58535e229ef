export declare const CHROMIUM_PATH: string;
export declare const HEADLESS_SHELL_PATH: string;
export declare const JOURNEY_BROWSER_PATH: string;
export declare const CHROMIUM_FLAGS: string[];
