// Moved to lib/identity (the database layer reads who is acting without depending on sign-in).
export * from '../identity/roles';
