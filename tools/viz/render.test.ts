import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMermaidRenderer, type MermaidRenderer } from './render';

// one Chromium for the file, as `npm run viz` and `npm run viz:check` use it
let renderer: MermaidRenderer;
beforeAll(async () => {
  renderer = await startMermaidRenderer();
}, 60_000);
afterAll(() => renderer?.close());

const label = (x: number, y: number, text: string) =>
  `<g class="edgeLabel" transform="translate(${x}, ${y})"><g class="label"><text>${text}</text></g></g>`;
const node = (x: number, y: number, text: string) =>
  `<g class="node statediagram-state" transform="translate(${x}, ${y})"><rect x="-40" y="-15" width="80" height="30"></rect><text>${text}</text></g>`;

describe('overlaps', () => {
  it('counts each edge label drawn over another label or over a state box', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 600 300" style="font-size:16px">
      ${label(100, 100, 'Opens the page')} ${label(110, 104, 'Closes it')}
      ${node(400, 100, 'ready')} ${label(390, 100, 'Waits')}
      ${label(100, 250, 'Alone')} ${node(400, 250, 'elsewhere')}
    </svg>`;
    expect(await renderer.overlaps(svg)).toEqual([
      { label: 'Opens the page', other: 'Closes it' },
      { label: 'Waits', other: 'state ready' },
    ]);
  });

  it('finds none in a diagram laid out by ELK, labels and all', async () => {
    const mmd = [
      '---',
      'config:',
      '  layout: elk',
      '---',
      'stateDiagram-v2',
      '  [*] --> a',
      '  a --> b : Opens the page with a long label<br/>on two lines',
      '  a --> c : Leaves',
      '  b --> a : Comes back',
      '  c --> b : Goes on',
      '  state g {',
      '    x --> y : inside',
      '  }',
      '  b --> g : Groups',
      '',
    ].join('\n');
    const svg = await renderer.render(mmd, 'test.elk');
    expect(svg).toContain('id="viz-test-elk"');
    expect(svg).toContain('>Leaves<');
    expect(await renderer.overlaps(svg)).toEqual([]);
  });
});
