import { Box, Button, Group, Text } from '@mantine/core';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface SigningPadHandle {
  /** The drawing as a PNG data URL, or null while nothing is drawn. */
  toDataUrl(): string | null;
  clear(): void;
}

const WIDTH = 600;
const HEIGHT = 180;

/** A signature pad: a canvas drawn with mouse, pen or finger (pointer events). */
export function SigningPad({ ref, onChange }: { ref?: Ref<SigningPadHandle>; onChange?: (hasInk: boolean) => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const inked = useRef(false);

  const ctx = () => canvas.current?.getContext('2d') ?? null;
  const clear = () => {
    const c = ctx();
    if (!c) return;
    c.fillStyle = '#ffffff';
    c.fillRect(0, 0, WIDTH, HEIGHT);
    inked.current = false;
    onChange?.(false);
  };
  useEffect(clear, []); // eslint-disable-line react-hooks/exhaustive-deps

  useImperativeHandle(ref, () => ({
    toDataUrl: () => (inked.current && canvas.current ? canvas.current.toDataURL('image/png') : null),
    clear,
  }));

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * WIDTH) / r.width, y: ((e.clientY - r.top) * HEIGHT) / r.height };
  };

  return (
    <Box>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        aria-label={t('signing.canvasLabel')}
        role="img"
        data-testid="signature-pad"
        style={{
          width: '100%',
          height: 'auto',
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          border: '1px dashed var(--mantine-color-gray-5)',
          borderRadius: 8,
          touchAction: 'none',
          cursor: 'crosshair',
          background: '#fff',
        }}
        onPointerDown={(e) => {
          const c = ctx();
          if (!c) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          const p = point(e);
          c.strokeStyle = '#0b1a6e';
          c.lineWidth = 3;
          c.lineCap = 'round';
          c.lineJoin = 'round';
          c.beginPath();
          c.moveTo(p.x, p.y);
        }}
        onPointerMove={(e) => {
          const c = ctx();
          if (!drawing.current || !c) return;
          const p = point(e);
          c.lineTo(p.x, p.y);
          c.stroke();
          if (!inked.current) {
            inked.current = true;
            onChange?.(true);
          }
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
        onPointerCancel={() => {
          drawing.current = false;
        }}
      />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {t('signing.drawHint')}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={clear} data-testid="signature-clear">
          {t('signing.clear')}
        </Button>
      </Group>
    </Box>
  );
}
