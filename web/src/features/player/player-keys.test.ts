import { describe, expect, it } from 'vitest';
import { isSwipeDown, seekKeyDelta, shortcutOf } from './player-keys';

const on = (...owned: string[]) => ({ owns: (selector: string) => owned.some((o) => selector.split(', ').includes(o)) });

describe('player shortcuts', () => {
  it('Space plays and pauses, unless the focused control has its own Space', () => {
    expect(shortcutOf(' ', on())).toBe('playPause');
    expect(shortcutOf(' ', on('button'))).toBeNull();
    expect(shortcutOf(' ', on('[role="slider"]'))).toBeNull();
    expect(shortcutOf('K', on('button'))).toBe('playPause');
  });

  it('arrows jump 15 s except in an input or a select (the speed list keeps its arrows)', () => {
    expect(shortcutOf('ArrowLeft', on('button'))).toBe('back');
    expect(shortcutOf('ArrowRight', on())).toBe('forward');
    expect(shortcutOf('ArrowRight', on('select'))).toBeNull();
    expect(shortcutOf('ArrowLeft', on('input'))).toBeNull();
    expect(shortcutOf('j', on('select'))).toBe('back');
    expect(shortcutOf('x', on())).toBeNull();
  });

  it('on the seek bar the arrows move 15 s; Home and End stay the slider’s', () => {
    expect(seekKeyDelta('ArrowLeft')).toBe(-15);
    expect(seekKeyDelta('ArrowDown')).toBe(-15);
    expect(seekKeyDelta('ArrowRight')).toBe(15);
    expect(seekKeyDelta('ArrowUp')).toBe(15);
    expect(seekKeyDelta('Home')).toBeNull();
    expect(seekKeyDelta('End')).toBeNull();
  });
});

describe('swipe down closes Now Playing', () => {
  it('a long or quick drag downwards', () => {
    expect(isSwipeDown(0, 200, 600, 844)).toBe(true);
    expect(isSwipeDown(10, 50, 150, 844)).toBe(true);
  });

  it('not a short slow one, a sideways one or one upwards', () => {
    expect(isSwipeDown(0, 50, 600, 844)).toBe(false);
    expect(isSwipeDown(150, 200, 300, 844)).toBe(false);
    expect(isSwipeDown(0, -200, 300, 844)).toBe(false);
  });
});
