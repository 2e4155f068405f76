import { describe, expect, it } from 'vitest';
import { imageHeaderRead } from '../src/lib/image-header';
import { fixtureImage, pngOf } from './support/image-fixture';

describe('image header', () => {
  it('reads the format and size of a PNG, a JPEG and a WebP from their bytes', () => {
    expect(imageHeaderRead(pngOf(30, 20))).toEqual({ type: 'image/png', width: 30, height: 20 });
    expect(imageHeaderRead(fixtureImage('plate.jpg'))).toEqual({ type: 'image/jpeg', width: 64, height: 48 });
    expect(imageHeaderRead(fixtureImage('plate.webp'))).toEqual({
      type: 'image/webp',
      width: 64,
      height: 48,
    });
  });

  it('refuses what is not one of them, whatever its name', () => {
    expect(imageHeaderRead(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(imageHeaderRead(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageHeaderRead(new Uint8Array())).toBeNull();
  });

  it('answers no size for a truncated header', () => {
    expect(imageHeaderRead(pngOf(10, 10).subarray(0, 12))).toEqual({
      type: 'image/png',
      width: null,
      height: null,
    });
    expect(imageHeaderRead(fixtureImage('plate.jpg').subarray(0, 40))).toMatchObject({ width: null });
  });
});
