// Integration tests talk to real services and child processes; 30 s is their ceiling, not a target.
jest.setTimeout(30_000);
