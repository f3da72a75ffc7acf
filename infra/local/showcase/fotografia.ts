import { fotografiaM1 } from './fotografia-m1';
import { fotografiaM2 } from './fotografia-m2';
import type { ShowcaseCourse } from './types';

// Featured course: "Fotografía digital", principiante (a practical topic). Written by the team.

export const fotografia: ShowcaseCourse = {
  temas: ['fotografia digital'],
  tema: 'Fotografía digital',
  nivel: 'principiante',
  titulo: 'Fotografía digital: de la luz a la foto final',
  descripcion: 'Un curso práctico para entender qué hace tu cámara, controlar la exposición, componer con intención y terminar tus fotos con un revelado sencillo.',
  objetivos: ['Controlar la exposición de una foto con apertura, velocidad e ISO', 'Componer y elegir la luz con intención', 'Revelar una serie de fotos con un aspecto coherente'],
  modulos: [fotografiaM1, fotografiaM2],
  tutor: [
    { claves: ['iso'], respuesta: 'El ISO no añade luz: amplifica la señal que ya recogió el sensor. Por eso aclara la foto, pero también amplifica el ruido, esas manchas y granos de las sombras. El orden práctico es buscar luz primero, luego abrir la apertura o alargar la velocidad, y solo al final subir el ISO lo justo.' },
    { claves: ['apertura'], respuesta: 'La apertura es el tamaño del agujero del diafragma. Un número f pequeño, como f/2, es un agujero grande: entra mucha luz y el fondo se difumina. Un número grande, como f/8 o f/11, deja pasar menos luz y mantiene nítida casi toda la escena, algo útil en paisajes.' },
    { claves: ['velocidad'], respuesta: 'La velocidad de obturación es el tiempo que el obturador deja pasar la luz. Rápida (1/500 o más) congela el movimiento; lenta (1/15 o menos) lo convierte en estela y, a pulso, mueve toda la foto. Sin trípode, no bajes de 1/60 con un objetivo normal.' },
    { claves: ['histograma'], respuesta: 'El histograma cuenta cuántos píxeles hay de cada tono, del negro a la izquierda al blanco a la derecha. Si la montaña se pega al borde derecho, hay zonas quemadas; si se pega al izquierdo, sombras sin detalle. No hay un histograma perfecto: una foto de nieve debe tener la montaña a la derecha.' },
    { claves: ['tercios'], respuesta: 'La regla de los tercios divide el encuadre con dos líneas horizontales y dos verticales. Colocar lo importante sobre ellas o en sus cruces crea recorrido para la mirada. No es una ley: el centro funciona cuando buscas calma o simetría.' },
    { claves: ['raw'], respuesta: 'Un RAW guarda casi todo lo que midió el sensor y te deja corregir exposición y color sin perder calidad; un JPEG es una foto ya revelada por la cámara, lista para compartir. Si la foto te importa, dispara en RAW; para el día a día, el JPEG basta.' },
    { claves: ['balance'], respuesta: 'El balance de blancos neutraliza el color de la luz: una bombilla tiñe de naranja y la sombra de un día de sol, de azul. Si algo que sabes que es blanco sale de color, corrígelo con el cuentagotas del programa sobre esa zona.' },
  ],
};
