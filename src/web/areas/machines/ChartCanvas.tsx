import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowsMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { Drawing } from '../../../../machines/workbench/layout';
import { svgOf } from '../../../../machines/workbench/svg';

interface View {
  x: number;
  y: number;
  k: number;
}

export interface Highlight {
  active: readonly string[];
  selected: string | null;
  /** Transition ids drawn as the path. */
  path: readonly string[];
}

const MIN_ZOOM = 0.1;
const MAX_ZOOM = 4;
const clamp = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));
/** One step of the zoom buttons and keys, in and out. */
const ZOOM_STEP = 1.25;
const PAN_STEP_PX = 60;
/** Which way an arrow key moves the drawing (x, y in steps). */
const PAN_KEYS: Record<string, readonly [number, number]> = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

/**
 * The drawing, in a frame that zooms (wheel, buttons), pans (drag) and fits. States are
 * highlighted by class on the SVG the book also writes; a click on a state selects it.
 * `onDrawn` hears when the SVG is on screen (the frame after it was put in the page is painted).
 */
export function ChartCanvas({
  drawing,
  highlight,
  onSelect,
  onDrawn,
}: {
  drawing: Drawing;
  highlight: Highlight;
  onSelect: (state: string) => void;
  onDrawn?: () => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 });
  const drag = useRef<{ x: number; y: number; moved: boolean; start: View } | null>(null);

  const fit = useCallback(() => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || !drawing.width) return;
    const k = clamp(Math.min(box.width / drawing.width, box.height / drawing.height) * 0.98);
    setView({ k, x: (box.width - drawing.width * k) / 2, y: (box.height - drawing.height * k) / 2 });
  }, [drawing]);

  useLayoutEffect(() => {
    if (!layer.current) return;
    layer.current.innerHTML = svgOf(drawing);
    fit();
    // On screen: after the next frame is painted (a task queued from the frame's callback
    // runs once that frame is out), not merely when the SVG is in the document.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const id = requestAnimationFrame(() => {
      timer = setTimeout(() => onDrawn?.(), 0);
    });
    return () => {
      cancelAnimationFrame(id);
      clearTimeout(timer);
    };
  }, [drawing, fit, onDrawn]);

  useEffect(() => {
    const root = layer.current;
    if (!root) return;
    const active = new Set(highlight.active);
    const path = new Set(highlight.path);
    root.querySelectorAll<SVGGElement>('[data-state]').forEach((g) => {
      const id = g.dataset.state!;
      // The machine itself is always active: its box is the frame, not news.
      g.classList.toggle('is-active', active.has(id) && id !== drawing.chart);
      g.classList.toggle('is-selected', id === highlight.selected);
    });
    root.querySelectorAll<SVGGElement>('g.wb-edge').forEach((g) => {
      let onPath = false;
      g.querySelectorAll<SVGTextElement>('text[data-transition]').forEach((t) => {
        const played = path.has(t.dataset.transition!);
        t.classList.toggle('is-path', played);
        onPath ||= played;
      });
      g.classList.toggle('is-path', onPath);
    });
  }, [highlight, drawing]);

  // Zoom around the pointer; the wheel is the frame's own (the page does not scroll).
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = el.getBoundingClientRect();
      const px = e.clientX - box.left;
      const py = e.clientY - box.top;
      setView((v) => {
        const k = clamp(v.k * Math.exp(-e.deltaY * 0.0015));
        return { k, x: px - ((px - v.x) * k) / v.k, y: py - ((py - v.y) * k) / v.k };
      });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const zoomBy = (factor: number) => {
    const box = frame.current?.getBoundingClientRect();
    const cx = (box?.width ?? 0) / 2;
    const cy = (box?.height ?? 0) / 2;
    setView((v) => {
      const k = clamp(v.k * factor);
      return { k, x: cx - ((cx - v.x) * k) / v.k, y: cy - ((cy - v.y) * k) / v.k };
    });
  };

  const down = (e: ReactPointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY, moved: false, start: view };
  };
  const move = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    if (!d.moved) frame.current?.setPointerCapture(e.pointerId);
    d.moved = true;
    setView({ ...d.start, x: d.start.x + dx, y: d.start.y + dy });
  };
  const up = (e: ReactPointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (d?.moved) return;
    const state = (e.target as Element).closest('[data-state]') as SVGGElement | null;
    if (state?.dataset.state) onSelect(state.dataset.state);
  };

  // The keyboard's way round the drawing: arrows pan, + and - zoom, 0 fits.
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const pan = PAN_KEYS[e.key];
    if (pan) setView((v) => ({ ...v, x: v.x + pan[0] * PAN_STEP_PX, y: v.y + pan[1] * PAN_STEP_PX }));
    else if (e.key === '+' || e.key === '=') zoomBy(ZOOM_STEP);
    else if (e.key === '-') zoomBy(1 / ZOOM_STEP);
    else if (e.key === '0') fit();
    else return;
    e.preventDefault();
  };

  return (
    <div style={{ position: 'relative', height: '100%' }}>
      <div
        ref={frame}
        data-testid="chart-frame"
        tabIndex={0}
        role="region"
        aria-label="Statechart drawing: arrow keys move it, + and - zoom, 0 fits it to the frame"
        onKeyDown={key}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={() => (drag.current = null)}
        style={{ position: 'absolute', inset: 0, overflow: 'hidden', cursor: 'grab', touchAction: 'none', background: 'var(--mantine-color-gray-0)' }}
      >
        <div
          ref={layer}
          data-testid="chart"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.k})`, transformOrigin: '0 0', width: drawing.width, height: drawing.height }}
        />
      </div>
      <Group gap={4} style={{ position: 'absolute', top: 8, right: 8 }}>
        <Text size="xs" c="dimmed" mr={4} data-testid="zoom-level">
          {Math.round(view.k * 100)} %
        </Text>
        <Tooltip label="Zoom in">
          <ActionIcon variant="default" aria-label="Zoom in" onClick={() => zoomBy(ZOOM_STEP)}>
            <IconZoomIn size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Zoom out">
          <ActionIcon variant="default" aria-label="Zoom out" onClick={() => zoomBy(1 / ZOOM_STEP)}>
            <IconZoomOut size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Fit to the frame">
          <ActionIcon variant="default" aria-label="Fit" onClick={fit}>
            <IconArrowsMaximize size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
}
