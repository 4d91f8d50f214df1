import { describe, expect, it } from 'vitest';
import { fileTypeClass, mediumImageUrl, previewMode, smallImageUrl } from './files.js';

describe('file type classes and preview modes', () => {
  it.each([
    ['application/pdf', null, 'pdf', 'frame'],
    ['image/jpeg', null, 'image', 'image'],
    [null, 'plan.PNG', 'image', 'image'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', null, 'doc', 'office'],
    [null, 'budget.xlsx', 'excel', 'office'],
    ['text/plain', null, 'text', 'text'],
    ['application/zip', null, 'zip', 'none'],
    ['application/octet-stream', 'x.bin', 'unknown', 'none'],
  ])('%s %s → %s / %s', (ct, name, cls, mode) => {
    expect(fileTypeClass(ct, name)).toBe(cls);
    expect(previewMode(ct, name)).toBe(mode);
  });
  it('swaps /original/ for /medium/', () => {
    expect(mediumImageUrl('https://cdn/x/original/a.jpg')).toBe('https://cdn/x/medium/a.jpg');
    expect(smallImageUrl('/files/x/original/a.jpg?e=1&s=2')).toBe('/files/x/small/a.jpg?e=1&s=2');
  });
});
