import { describe, expect, it } from 'vitest';
import { FEDERATED_SIGN_IN } from '../../../../../common/constants';
import { codeProblem, IDP_MESSAGE_TYPE, isFresh, isIdpMessage, nextPollDelay, popupFeatures, prefersRedirect } from './rules';
import { normaliseCode } from '../../../../lib/session/second-step';

describe('popupFeatures', () => {
  it('asks for a 500x600 popup centred on the opener', () => {
    expect(popupFeatures({ left: 100, top: 50, width: 1280, height: 800 })).toBe(
      'popup=yes,width=500,height=600,left=490,top=150,resizable=yes,scrollbars=yes',
    );
  });
  it('never places it off the top-left edge when the opener is small', () => {
    expect(popupFeatures({ left: 0, top: 0, width: 390, height: 500 })).toContain('left=0,top=0');
  });
});

describe('nextPollDelay', () => {
  it('starts at 2 s and backs off to 10 s', () => {
    const delays: number[] = [];
    let delay: number | undefined;
    for (let index = 0; index < 6; index += 1) delays.push((delay = nextPollDelay(delay)));
    expect(delays).toEqual([2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect(FEDERATED_SIGN_IN.closedPopupPollStartMs).toBe(2000);
    expect(FEDERATED_SIGN_IN.closedPopupPollMaxMs).toBe(10_000);
  });
});

describe('isFresh (redirect results kept 10 minutes)', () => {
  const now = 1_700_000_000_000;
  it('keeps a result younger than 10 minutes', () => {
    expect(isFresh(now - 9 * 60_000, now)).toBe(true);
    expect(isFresh(now, now)).toBe(true);
  });
  it('drops one of 10 minutes or older, from the future, or without a time', () => {
    expect(isFresh(now - 10 * 60_000, now)).toBe(false);
    expect(isFresh(now + 1000, now)).toBe(false);
    expect(isFresh(undefined, now)).toBe(false);
    expect(isFresh('123', now)).toBe(false);
    expect(isFresh(Number.NaN, now)).toBe(false);
  });
});

describe('isIdpMessage', () => {
  const popup = {};
  const expected = { origin: 'https://app.example', source: popup, flowId: 'f1' };
  const data = { type: IDP_MESSAGE_TYPE, flowId: 'f1', response: {} };
  it('believes our popup, from our origin, about this sign-in', () => {
    expect(isIdpMessage({ origin: 'https://app.example', source: popup, data }, expected)).toBe(true);
  });
  it('ignores another origin, another window, another flow or another kind of message', () => {
    expect(isIdpMessage({ origin: 'https://evil.example', source: popup, data }, expected)).toBe(false);
    expect(isIdpMessage({ origin: 'https://app.example', source: {}, data }, expected)).toBe(false);
    expect(isIdpMessage({ origin: 'https://app.example', source: popup, data: { ...data, flowId: 'f0' } }, expected)).toBe(false);
    expect(isIdpMessage({ origin: 'https://app.example', source: popup, data: { ...data, type: 'other' } }, expected)).toBe(false);
    expect(isIdpMessage({ origin: 'https://app.example', source: popup, data: 'text' }, expected)).toBe(false);
    expect(isIdpMessage({ origin: 'https://app.example', source: null, data }, { ...expected, source: null })).toBe(false);
  });
});

describe('prefersRedirect', () => {
  it('sends phones by redirect and desktops by popup', () => {
    expect(prefersRedirect({ width: 390, coarsePointer: true })).toBe(true);
    expect(prefersRedirect({ width: 1280, coarsePointer: false })).toBe(false);
    expect(prefersRedirect({ width: 1024, coarsePointer: true })).toBe(false);
  });
});

describe('second-step codes', () => {
  it('accepts 6 digits or a recovery code, spaces and case ignored', () => {
    expect(codeProblem('123 456')).toBeNull();
    expect(codeProblem('ABCDE-12345')).toBeNull();
    expect(normaliseCode(' ABCDE-12345 ')).toBe('abcde-12345');
  });
  it('says what is wrong otherwise', () => {
    expect(codeProblem('')).toMatch(/Enter the 6-digit code/);
    expect(codeProblem('12345')).toMatch(/6 digits/);
    expect(codeProblem('x'.repeat(100))).toMatch(/6 digits/);
  });
});
