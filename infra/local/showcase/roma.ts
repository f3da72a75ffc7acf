import { romaM1 } from './roma-m1';
import { romaM2 } from './roma-m2';
import type { ShowcaseCourse } from './types';

// Featured course: "Historia de la antigua Roma", intermedio (a humanities topic, the second level). Written by the team.

export const roma: ShowcaseCourse = {
  // Not the bare "historia de roma": the test suite uses it for template courses of any shape.
  temas: ['historia de la antigua roma', 'antigua roma'],
  tema: 'Historia de la antigua Roma',
  nivel: 'intermedio',
  titulo: 'Historia de la antigua Roma: de la República al Imperio',
  descripcion: 'Cómo se gobernaba Roma, por qué la República acabó en manos de un solo hombre y cómo se vivía en un imperio de ciudades.',
  objetivos: ['Explicar cómo funcionaban las instituciones de la República', 'Analizar el paso de la República al principado', 'Comparar la situación de ciudadanos, extranjeros libres y esclavos en el Imperio'],
  modulos: [romaM1, romaM2],
  comprobar: '¿en qué otro momento de la historia de Roma ves lo mismo?',
  tutor: [
    { claves: ['senado'], respuesta: 'El Senado de la República no aprobaba leyes: daba consejos, los senadoconsultos. Su poder venía de la auctoritas, el prestigio de unos trescientos antiguos magistrados vitalicios, y del control del tesoro, la política exterior y las provincias. Un cónsul rara vez se atrevía a ir contra él.' },
    { claves: ['consul'], respuesta: 'Los cónsules eran dos cada año y tenían el mismo poder: mandaban los ejércitos y presidían el Senado. Cada uno podía vetar al otro, y al año dejaban el cargo. Esos dos frenos, la colegialidad y la anualidad, impedían que uno solo concentrara el poder.' },
    { claves: ['tribuno'], respuesta: 'El tribuno de la plebe podía vetar la decisión de cualquier magistrado y su persona era sagrada. Nació de las luchas de la plebe por protegerse de los nobles. Su veto fue decisivo en la crisis de la República, desde Tiberio Graco en el 133 a. C.' },
    { claves: ['augusto'], respuesta: 'Augusto no se proclamó rey ni dictador. En el 27 a. C. dijo devolver el poder al Senado y al pueblo, conservó las magistraturas y se llamó princeps, el primero de los ciudadanos. Pero reunió el poder de un tribuno y el mando de casi todas las legiones: una monarquía de hecho con fachada republicana, el principado.' },
    { claves: ['cesar'], respuesta: 'Julio César nunca fue emperador. Tras cruzar el Rubicón en el 49 a. C. y ganar la guerra civil, se hizo nombrar dictador perpetuo, algo que contradecía la dictadura breve de la República. Eso le costó la vida en los idus de marzo del 44 a. C. El principado lo fundó después su heredero, Augusto.' },
    { claves: ['ciudadania'], respuesta: 'La ciudadanía romana se heredaba, pero también se ganaba: los auxiliares la recibían al licenciarse, los magistrados de muchas ciudades al ejercer su cargo y el emperador podía concederla. En el 212 d. C. Caracalla la extendió a casi todos los hombres libres del Imperio.' },
    { claves: ['calzadas'], respuesta: 'Las calzadas eran vías pavimentadas con capas de piedra y grava y drenaje, pensadas sobre todo para mover tropas y correos oficiales. Las usaban también comerciantes y viajeros, pero las mercancías pesadas iban mucho más baratas por mar.' },
    { claves: ['liberto'], respuesta: 'Un liberto era un antiguo esclavo liberado por su dueño, la manumisión. Era libre y, si su amo era ciudadano, también ciudadano, aunque no podía ocupar magistraturas y debía respeto a su antiguo dueño. Sus hijos nacían ya libres sin ninguna limitación.' },
  ],
};
