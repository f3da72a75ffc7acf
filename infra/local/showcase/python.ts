import { pythonM1 } from './python-m1';
import { pythonM2 } from './python-m2';
import type { ShowcaseCourse } from './types';

// Featured course: "Introducción a la programación con Python", principiante (the technical topic). Written by the team.

export const python: ShowcaseCourse = {
  // Never the bare "python": the test suite and eval:quality use it for template courses of any shape.
  temas: ['introduccion a la programacion con python', 'programacion con python', 'programar en python'],
  tema: 'Introducción a la programación con Python',
  nivel: 'principiante',
  titulo: 'Programación con Python desde cero',
  descripcion: 'Tus primeros programas en Python: guardar datos, tomar decisiones, repetir tareas con listas y bucles, y ordenar el código en funciones.',
  objetivos: ['Escribir y ejecutar programas sencillos que piden datos y calculan con ellos', 'Controlar el camino de un programa con condiciones y bucles', 'Organizar un programa en funciones que devuelven resultados'],
  modulos: [pythonM1, pythonM2],
  comprobar: '¿qué mostraría ese mismo código si cambias uno de sus datos? Escríbelo y ejecútalo para ver si acertaste.',
  tutor: [
    { claves: ['variable'], respuesta: 'Una variable es un nombre que apunta a un dato. Se crea con un solo igual: `total = 84` guarda 84 con el nombre total. Ese igual no compara, asigna; por eso `total = total + 6` es válido: Python calcula la parte derecha con el valor antiguo y guarda el resultado, 90, con el mismo nombre.' },
    { claves: ['input'], respuesta: '`input` muestra una pregunta, espera a que la persona escriba y devuelve lo escrito, siempre como texto, aunque sean cifras. Si vas a calcular con ese dato, conviértelo antes: `int(input("Edad: "))` para un entero o `float(...)` para un decimal. Sin la conversión, una división con ese dato acaba en un TypeError.' },
    { claves: ['sangria'], respuesta: 'La sangría, los espacios al principio de una línea, le dice a Python qué líneas forman un bloque: lo que depende de un if, de un for o de una función. Se usan cuatro espacios por nivel. Una línea que vuelve al margen ya no pertenece al bloque y se ejecuta siempre; mezclar sangrías distintas en un bloque provoca un IndentationError.' },
    { claves: ['elif'], respuesta: '`elif` añade un caso más a un if: su condición solo se comprueba si todas las anteriores han sido falsas. Python ejecuta solo el primer bloque cuya condición se cumple y salta al final de la cadena, así que el orden de los casos decide el resultado. Pon primero los casos más concretos.' },
    { claves: ['indice'], respuesta: 'El índice es la posición de un elemento en una lista, y empieza en 0: en `gastos = [120, 45.5, 30]`, `gastos[0]` es 120 y `gastos[2]` es 30. Pedir `gastos[3]` da un IndexError, porque esa posición no existe. El último elemento está siempre en `len(gastos) - 1`, o directamente en `gastos[-1]`.' },
    { claves: ['lista'], respuesta: 'Una lista guarda varios datos en orden, entre corchetes y separados por comas: `[120, 45.5, 30]`. Puedes leer un elemento por su posición, que empieza en 0, añadir uno al final con `append` y saber cuántos hay con `len`. Para hacer algo con cada elemento, recórrela con un bucle for.' },
    { claves: ['range'], respuesta: '`range(n)` produce los números de 0 a n - 1: `range(5)` da 0, 1, 2, 3 y 4, cinco números que no incluyen el 5. Con dos datos indicas también el inicio: `range(1, 11)` va del 1 al 10. Sirve para repetir algo un número fijo de veces en un bucle for.' },
    { claves: ['bucle'], respuesta: 'Un bucle for repite su bloque con sangría una vez por cada elemento: en `for gasto in gastos:`, la variable gasto toma en cada vuelta el siguiente elemento de la lista. Si quieres acumular algo, como un total, crea la variable antes del bucle y actualízala dentro, en cada vuelta.' },
    { claves: ['return'], respuesta: '`return` entrega un valor al programa que llamó a la función y la termina; `print` solo lo muestra en la pantalla. Con `cuota = parte(84, 4)`, cuota guarda 21.0 si la función usa return. Si solo usa print, verás el número, pero cuota valdrá None y no podrás calcular con ella.' },
    { claves: ['funcion'], respuesta: 'Una función es un bloque de código con nombre que puedes usar muchas veces. Se define con def, su nombre, los parámetros entre paréntesis y dos puntos, y el cuerpo con sangría debajo. Definirla no ejecuta nada: el cuerpo se ejecuta cada vez que la llamas con sus argumentos, por ejemplo `repartir(84, 4)`.' },
  ],
};
