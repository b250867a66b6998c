import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { choiceListMachine, choiceListOf } from './choiceList.machine';
import { mariAsMaasikas, userContext } from '../tests/support/fixtures/shell';
import { representedChoiceMachine } from './representedChoice.machine';

describe('choiceList machine (spec 1 §2: search box, pages of 10)', () => {
  it('starts on the first page of the whole list; a search goes back to its first page', () => {
    const list = createActor(choiceListMachine).start();
    expect(list.getSnapshot().context).toEqual({ searchTerm: '', page: 1 });
    list.send({ type: 'choice.search', term: 'maa' });
    expect(list.getSnapshot().context).toEqual({ searchTerm: 'maa', page: 1 });
  });

  it('turns only to pages the rows have (mari: 4 rows, one page)', () => {
    const list = createActor(choiceListMachine).start();
    list.send({ type: 'choice.page', page: 3, context: userContext() });
    expect(list.getSnapshot().context.page).toBe(1);
  });

  it('lives while the choice is open: opened again, the list starts over', () => {
    const choice = createActor(representedChoiceMachine).start();
    expect(choiceListOf(choice.getSnapshot())).toBeUndefined();
    choice.send({ type: 'session.signedIn', context: mariAsMaasikas(), path: '/dashboard', domain: 'EE' });
    expect(choiceListOf(choice.getSnapshot())).toBeUndefined();
    choice.send({ type: 'choice.open', path: '/dashboard' });
    choice.send({ type: 'choice.search', term: 'maa' });
    expect(choiceListOf(choice.getSnapshot())?.getSnapshot().context.searchTerm).toBe('maa');
    choice.send({ type: 'session.signedOut' });
    expect(choiceListOf(choice.getSnapshot())).toBeUndefined();
    choice.send({ type: 'session.signedIn', context: userContext(), path: '/dashboard', domain: 'EE' });
    expect(choiceListOf(choice.getSnapshot())?.getSnapshot().context).toEqual({ searchTerm: '', page: 1 });
  });
});
