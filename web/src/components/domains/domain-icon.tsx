import {
  IconAtom,
  IconAtom2,
  IconBinaryTree,
  IconBrain,
  IconCpu,
  IconCube,
  IconDna,
  IconDna2,
  IconFlask,
  IconLeaf,
  IconMathFunction,
  IconMicroscope,
  IconNetwork,
  IconPill,
  IconPlanet,
  IconStethoscope,
  IconUsersGroup,
  type Icon,
  type IconProps,
} from '@tabler/icons-react';

/** scientific_domains.icon holds a Tabler icon name; unknown names get the flask. */
const ICONS: Record<string, Icon> = {
  atom: IconAtom,
  'atom-2': IconAtom2,
  'binary-tree': IconBinaryTree,
  brain: IconBrain,
  // Tabler has no brain-circuit glyph; a network of nodes reads as neurons.
  'brain-circuit': IconNetwork,
  cpu: IconCpu,
  cube: IconCube,
  dna: IconDna,
  'dna-2': IconDna2,
  flask: IconFlask,
  leaf: IconLeaf,
  'math-function': IconMathFunction,
  microscope: IconMicroscope,
  pill: IconPill,
  planet: IconPlanet,
  stethoscope: IconStethoscope,
  'users-group': IconUsersGroup,
};

export function DomainIcon({ name, ...props }: { name: string | undefined } & IconProps) {
  const Component = (name && ICONS[name]) || IconFlask;
  return <Component aria-hidden {...props} />;
}
