interface ImportMetaEnv {
  /** Origin of the API when it is not the page's own (the default serves both together). */
  readonly VITE_API_URL?: string;
  /** Public origin for canonical URLs and Open Graph; filled in by vite.config.ts. */
  readonly VITE_PUBLIC_URL: string;
  /** Year of the build, for the copyright line; filled in by vite.config.ts. */
  readonly VITE_BUILD_YEAR: string;
}
