import { bus, session$ } from '@wishes/kit-session';
import { loadSharedRxjs } from './sharedRxjs';

// The build serves the kit's imports of rxjs from rxjs's own files and provides the whole
// library from the same files; here (jest) both are plain 'rxjs', so this checks the contract the
// build keeps: what the shell offers as 'rxjs' has the bus's and the session's classes.
it('offers the whole of rxjs, with the classes the bus and the session are made of', async () => {
  const rxjs = await loadSharedRxjs();
  expect(bus.toast$).toBeInstanceOf(rxjs.Subject);
  expect(session$).toBeInstanceOf(rxjs.BehaviorSubject);
  expect(typeof rxjs.map).toBe('function');
});
