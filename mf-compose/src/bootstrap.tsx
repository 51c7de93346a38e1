// mf-compose is a remote only: the shell mounts its exposed pages, so there is nothing to render here.
export {};
