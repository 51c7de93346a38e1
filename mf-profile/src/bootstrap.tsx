// mf_profile is only consumed through its exposed pages (see federation.config.js); the shell
// mounts them, so there is nothing to render on its own.
export {};
