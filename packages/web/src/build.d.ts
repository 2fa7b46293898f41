/** The build's id (vite.config.ts: HANAFUDA_BUILD_ID, else the build's time). */
declare const __HANAFUDA_BUILD__: string;
