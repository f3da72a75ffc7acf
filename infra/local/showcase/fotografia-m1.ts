import type { ShowcaseModule } from './types';

// Featured course "Fotografía digital" (principiante), module 1: team-written, real length.

export const fotografiaM1: ShowcaseModule = {
  titulo: 'La cámara y la exposición',
  descripcion: 'Cómo convierte la cámara la luz en una imagen y cómo decides cuánta luz dejas entrar.',
  objetivos: [
    'Explicar cómo el objetivo y el sensor forman una imagen digital',
    'Ajustar apertura, velocidad e ISO para exponer una escena',
    'Leer el histograma para corregir una foto oscura o quemada',
  ],
  terminosClave: ['sensor', 'apertura', 'velocidad de obturación', 'ISO', 'histograma', 'fotómetro'],
  conceptosErroneos: [
    'Creer que más megapíxeles dan siempre mejores fotos',
    'Pensar que subir el ISO no tiene ningún coste',
    'Fiarse de la pantalla de la cámara para juzgar la exposición',
  ],
  ejemploConductor: 'Fotografiar a una amiga en una terraza al atardecer, cuando la luz cambia minuto a minuto',
  lecciones: [
    {
      titulo: 'Cómo forma la imagen una cámara digital',
      resumen: 'El recorrido de la luz desde la escena hasta el archivo: objetivo, diafragma, obturador y sensor.',
      leccion: {
        objetivos: ['Describir el camino de la luz dentro de la cámara', 'Explicar qué hace cada píxel del sensor', 'Distinguir resolución de calidad de imagen'],
        introduccion:
          'Antes de tocar un solo ajuste conviene saber qué ocurre dentro de la cámara cuando pulsas el disparador. Todo lo que harás en este curso, desde elegir la apertura hasta revelar un archivo, consiste en controlar un único fenómeno: la luz que viaja desde la escena hasta un sensor. En esta lección seguirás ese viaje paso a paso.',
        explicacion: [
          {
            subtitulo: 'El viaje de la luz',
            texto:
              'La luz rebota en lo que fotografías y entra en la cámara por el objetivo. El objetivo es un conjunto de lentes que concentra esos rayos y los proyecta, nítidos, sobre un plano. Dentro del objetivo hay un diafragma: unas láminas que se abren o se cierran y dejan un agujero más grande o más pequeño.\n\nDetrás está el obturador, una especie de cortina que permanece cerrada hasta que disparas. Cuando pulsas, la cortina se abre durante un tiempo muy corto y la luz llega al sensor. Si el tiempo es largo, entra mucha luz; si es corto, entra poca. Con solo estas tres piezas ya puedes entender casi todos los ajustes de una cámara.',
          },
          {
            subtitulo: 'El sensor y sus píxeles',
            texto:
              'El sensor es una placa cubierta de millones de diminutos receptores llamados fotositos. Cada uno cuenta cuánta luz le ha llegado durante la exposición. Encima de ellos hay un filtro de colores, de modo que cada fotosito solo mide el rojo, el verde o el azul. El procesador de la cámara combina después esas medidas vecinas y calcula el color de cada píxel de la imagen.\n\nUn sensor grande recoge más luz en total que uno pequeño con el mismo número de píxeles. Por eso una cámara de sensor grande suele dar imágenes más limpias de noche que un teléfono, aunque los dos anuncien una cifra parecida de megapíxeles.',
          },
          {
            subtitulo: 'Megapíxeles no es lo mismo que calidad',
            texto:
              'Los megapíxeles indican cuántos puntos tiene la imagen, no lo buenos que son. Con doce megapíxeles puedes imprimir una foto de buen tamaño para colgarla en casa. Más píxeles permiten recortar más, pero cada píxel recibe menos luz si el sensor no crece con ellos.\n\nLa calidad depende sobre todo de tres cosas: la luz de la escena, la nitidez del objetivo y el tamaño del sensor. Un retrato con buena luz hecho con un teléfono modesto puede ser mejor que una foto oscura hecha con una cámara cara. Lo que decide el resultado es cómo aprovechas la luz.',
          },
        ],
        ejemploResuelto: {
          titulo: 'La terraza al atardecer',
          planteamiento: 'Tu amiga está sentada en una terraza y el sol acaba de ponerse. Haces una foto con el teléfono y otra con una cámara de sensor grande. La del teléfono sale con manchas de colores en las sombras.',
          desarrollo:
            '1. Piensa en el viaje de la luz: al atardecer llega poca luz a cada fotosito.\n2. El sensor del teléfono es pequeño, así que cada píxel recoge todavía menos luz y el procesador tiene que amplificar la señal.\n3. Esa amplificación hace visibles las manchas, que llamamos ruido.\n4. La cámara de sensor grande recoge más luz por píxel y necesita amplificar menos, por eso su foto sale más limpia.\n\nLa conclusión no es que el teléfono no sirva, sino que con poca luz el tamaño del sensor pesa más que los megapíxeles.',
        },
        ejercicio: {
          enunciado: 'Busca en tu teléfono o cámara los datos de una foto (en la galería suele haber un botón de información). Anota la resolución en megapíxeles y explica si esa cifra te dice algo sobre la calidad de la foto.',
          solucion:
            'La resolución aparece como dos números multiplicados, por ejemplo 4000 × 3000, que son doce megapíxeles. Esa cifra solo dice cuántos puntos tiene la imagen. Para juzgar la calidad tendrías que mirar otras cosas: si había buena luz, si la foto está nítida y si se ve ruido en las sombras.',
        },
        autoevaluacion: [
          { pregunta: '¿Qué pieza de la cámara decide durante cuánto tiempo llega la luz al sensor?', respuesta: 'El obturador, que se abre al disparar y se cierra al terminar la exposición.' },
          { pregunta: '¿Por qué un sensor grande da menos ruido con poca luz?', respuesta: 'Porque cada píxel recoge más luz y la cámara necesita amplificar menos la señal.' },
        ],
        resumen: ['La luz entra por el objetivo, pasa por el diafragma y el obturador y llega al sensor.', 'Cada fotosito mide la luz de un color y el procesador calcula los píxeles.', 'Los megapíxeles miden la cantidad de puntos, no la calidad.', 'Con poca luz, el tamaño del sensor importa más que la resolución.'],
      },
    },
    {
      titulo: 'El triángulo de exposición: apertura, velocidad e ISO',
      resumen: 'Los tres ajustes que deciden cuánta luz recibe la foto y lo que cada uno cambia además del brillo.',
      leccion: {
        objetivos: ['Explicar el efecto de la apertura, la velocidad y el ISO', 'Compensar un ajuste con otro sin cambiar el brillo', 'Elegir ajustes según lo que quieres contar'],
        introduccion:
          'Ya sabes que la foto nace de la luz que llega al sensor. Ahora vas a aprender a decidir cuánta luz llega. Hay tres ajustes para ello y cada uno tiene un precio distinto. Entender ese precio es lo que separa una foto correcta de una foto pensada.',
        explicacion: [
          {
            subtitulo: 'La apertura y el fondo desenfocado',
            texto:
              'La apertura es el tamaño del agujero que deja el diafragma. Se escribe con números f, como f/2 o f/8. La escala confunde al principio: un número pequeño significa un agujero grande. Con f/2 entra mucha luz; con f/8 entra bastante menos.\n\nLa apertura también cambia la profundidad de campo, es decir, la zona de la foto que aparece nítida. Con f/2 solo queda enfocada una franja estrecha y el fondo se difumina. Con f/8 casi todo sale nítido, desde las flores cercanas hasta las montañas. Para un retrato sueles querer el fondo suave; para un paisaje, todo definido.',
          },
          {
            subtitulo: 'La velocidad y el movimiento',
            texto:
              'La velocidad de obturación es el tiempo que el obturador permanece abierto. Se mide en fracciones de segundo: 1/1000 es rapidísimo y 1/15 es lento. A más tiempo, más luz entra.\n\nEl precio de la velocidad es el movimiento. Una velocidad rápida congela a un niño que salta. Una velocidad lenta convierte el agua de una fuente en un velo y, si sostienes la cámara con la mano, puede hacer que toda la foto salga movida. Una regla práctica para no trepidar es no bajar de 1/60 con un objetivo normal.',
          },
          {
            subtitulo: 'El ISO y el ruido',
            texto:
              'El ISO no deja entrar más luz: amplifica la señal que ya ha recogido el sensor. Con ISO 100 la amplificación es mínima; con ISO 3200 es grande. Subir el ISO aclara la foto cuando no puedes abrir más ni alargar el tiempo.\n\nEse atajo tiene coste. Al amplificar la señal también amplificas el ruido, esas manchas y granos que viste en la lección anterior. Por eso el ISO suele ser el último recurso: primero buscas luz, luego ajustas apertura y velocidad, y solo entonces subes el ISO lo necesario.',
          },
          {
            subtitulo: 'Compensar un ajuste con otro',
            texto:
              'Los tres ajustes se miden en pasos. Un paso duplica o reduce a la mitad la luz. Si abres un paso la apertura y acortas un paso la velocidad, la foto tiene el mismo brillo, pero cambia su aspecto. Así puedes elegir qué precio pagas según lo que quieres contar.',
          },
        ],
        ejemploResuelto: {
          titulo: 'Retrato en la terraza con poca luz',
          planteamiento: 'La cámara propone f/8, 1/30 e ISO 400. La foto tiene buen brillo, pero tu amiga sale un poco movida y el fondo de mesas distrae.',
          desarrollo:
            '1. El fondo distrae: abre la apertura de f/8 a f/4. Son dos pasos más de luz y el fondo se difumina.\n2. Ahora sobra luz. Aprovecha esos dos pasos para acortar la velocidad de 1/30 a 1/125, que congela el gesto.\n3. El ISO se queda en 400, así que el ruido no empeora.\n\nEl brillo es el mismo que proponía la cámara, pero la foto cuenta otra cosa: una persona nítida sobre un fondo suave.',
        },
        ejercicio: {
          enunciado: 'Tienes una exposición correcta con f/5.6, 1/250 e ISO 200. Quieres que una cascada salga como un velo. Propón unos ajustes nuevos con el mismo brillo.',
          solucion:
            'Para el velo necesitas una velocidad lenta, por ejemplo 1/15, que son cuatro pasos más de luz que 1/250. Tienes que quitar esos cuatro pasos: baja el ISO a 100 (un paso) y cierra de f/5.6 a f/16 (tres pasos). Con trípode, f/16, 1/15 e ISO 100 dan el mismo brillo y el agua sedosa.',
        },
        autoevaluacion: [
          { pregunta: '¿Qué deja entrar más luz, f/2 o f/8?', respuesta: 'f/2: un número f pequeño corresponde a un agujero grande.' },
          { pregunta: '¿Por qué el ISO suele ser el último ajuste que subes?', respuesta: 'Porque amplifica también el ruido, mientras que la apertura y la velocidad añaden luz real.' },
          { pregunta: '¿Qué velocidad elegirías para congelar a un niño saltando?', respuesta: 'Una rápida, de 1/500 o más.' },
        ],
        resumen: ['La apertura controla la luz y la profundidad de campo.', 'La velocidad controla la luz y el movimiento.', 'El ISO amplifica la señal y con ella el ruido.', 'Un paso duplica o reduce a la mitad la luz y permite compensar un ajuste con otro.'],
      },
    },
    {
      titulo: 'Medir la luz: fotómetro e histograma',
      resumen: 'Cómo decide la cámara la exposición, cuándo se equivoca y cómo lo compruebas con el histograma.',
      leccion: {
        objetivos: ['Explicar cómo mide la luz el fotómetro', 'Reconocer las escenas que lo engañan', 'Leer un histograma para corregir la exposición'],
        introduccion:
          'En la lección anterior elegiste ajustes a partir de lo que proponía la cámara. Esa propuesta sale del fotómetro, un medidor de luz que acierta casi siempre y se equivoca de forma previsible. Hoy aprenderás a detectar sus errores y a comprobar la exposición sin fiarte de la pantalla.',
        explicacion: [
          {
            subtitulo: 'Lo que quiere el fotómetro',
            texto:
              'El fotómetro mide la luz que refleja la escena y calcula unos ajustes para que el conjunto quede en un tono medio, ni claro ni oscuro. En una calle normal eso funciona bien, porque los tonos claros y oscuros se compensan.\n\nEl problema aparece cuando la escena no es media. Una playa con arena blanca o un paisaje nevado son escenas claras. El fotómetro las oscurece hasta dejarlas grises. Con un gato negro sobre un sofá oscuro ocurre lo contrario: la cámara aclara la escena y el negro sale desvaído.',
          },
          {
            subtitulo: 'La compensación de exposición',
            texto:
              'Casi todas las cámaras y muchos teléfonos tienen un control marcado con más y menos. Sirve para pedir al fotómetro que aclare u oscurezca su propuesta. En la nieve sueles subir un paso o un paso y medio. Con el gato negro bajas más o menos lo mismo.\n\nTambién puedes cambiar el modo de medición. La medición puntual mide solo un círculo pequeño del centro. Es útil en un contraluz: mides sobre la cara de la persona y la cámara expone para ella, aunque el cielo del fondo se quede muy claro.',
          },
          {
            subtitulo: 'El histograma',
            texto:
              'La pantalla de la cámara engaña, sobre todo al sol o en una habitación oscura. El histograma no engaña. Es un gráfico que cuenta cuántos píxeles hay de cada tono, desde el negro a la izquierda hasta el blanco a la derecha.\n\nSi la montaña del gráfico se amontona contra el borde derecho, hay zonas quemadas sin detalle. Si se pega al borde izquierdo, hay sombras empastadas. Una foto bien expuesta suele ocupar buena parte del gráfico sin tocar con fuerza ninguno de los bordes. No existe un histograma perfecto: una foto de nieve debe tener la montaña a la derecha.',
          },
        ],
        ejemploResuelto: {
          titulo: 'Contraluz en la terraza',
          planteamiento: 'El cielo del atardecer está detrás de tu amiga. La cámara expone para el cielo y su cara sale casi negra.',
          desarrollo:
            '1. Diagnóstico: el fotómetro ve mucho cielo claro y oscurece la escena para dejarla en tono medio.\n2. Cambia a medición puntual y coloca el punto sobre la cara.\n3. Dispara y mira el histograma: la cara ocupa la zona media y el cielo se acerca al borde derecho.\n4. Si el cielo pierde todo el detalle y te importa, busca otro ángulo o acerca una fuente de luz a la cara.\n\nLa decisión es tuya: ahora sabes por qué la cámara se equivocaba y cómo corregirlo.',
        },
        ejercicio: {
          enunciado: 'Fotografía un folio blanco que llene todo el encuadre, sin tocar ningún ajuste. Después repite la foto con la compensación de exposición en +1. Compara los dos resultados y sus histogramas.',
          solucion:
            'La primera foto sale gris porque el fotómetro lleva el folio a un tono medio; su histograma queda en el centro. Con +1 el folio se ve blanco y la montaña del histograma se desplaza hacia la derecha sin llegar a pegarse al borde. Así compruebas que el fotómetro no sabe de qué color es lo que mide.',
        },
        autoevaluacion: [
          { pregunta: '¿Por qué la nieve suele salir gris en una foto automática?', respuesta: 'Porque el fotómetro lleva toda la escena a un tono medio y oscurece lo que es claro.' },
          { pregunta: '¿Qué indica un histograma pegado al borde derecho?', respuesta: 'Que hay zonas quemadas, blancas y sin detalle.' },
        ],
        resumen: ['El fotómetro lleva la escena a un tono medio.', 'Las escenas muy claras o muy oscuras lo engañan.', 'La compensación de exposición y la medición puntual corrigen sus errores.', 'El histograma es más fiable que la pantalla.'],
      },
    },
  ],
  preguntas: [
    [0, 'Dentro del objetivo hay un diafragma: unas láminas que se abren o se cierran', '¿Dónde está el diafragma de la cámara?', ['Dentro del objetivo, entre sus lentes', 'Delante del sensor, pegado a él', 'En la tarjeta de memoria', 'Detrás de la pantalla, junto a la batería'], ['Correcto: son unas láminas dentro del objetivo.', 'Confunde el diafragma con el obturador, que está ante el sensor.', 'La tarjeta guarda archivos; no toca la luz.', 'La pantalla solo muestra la imagen.']],
    [0, 'Cuando pulsas, la cortina se abre durante un tiempo muy corto y la luz llega al sensor.', 'Al pulsar el disparador, ¿qué hace el obturador?', ['Se abre un tiempo y deja pasar la luz', 'Cambia el tamaño del agujero', 'Amplifica la señal del sensor', 'Enfoca el objetivo sobre el sujeto elegido'], ['Correcto: es una cortina que se abre durante la exposición.', 'Eso lo hace el diafragma, no el obturador.', 'Eso es el ISO.', 'El enfoque mueve las lentes, no el obturador.']],
    [0, 'Cada uno cuenta cuánta luz le ha llegado durante la exposición.', '¿Qué mide un fotosito del sensor?', ['La cantidad de luz que le llega', 'La distancia al sujeto', 'La temperatura de color de toda la escena', 'El tiempo de la exposición'], ['Correcto: cuenta la luz recibida.', 'La distancia la estima el enfoque, no el fotosito.', 'No mide temperatura.', 'El tiempo lo fija el obturador.']],
    [0, 'de modo que cada fotosito solo mide el rojo, el verde o el azul', '¿Qué color mide cada fotosito?', ['Solo uno: rojo, verde o azul', 'Todos los colores a la vez', 'Solo blanco y negro', 'El color que elijas en el menú'], ['Correcto: el filtro deja pasar un color a cada uno.', 'Es la idea intuitiva, pero el filtro separa los colores.', 'Mide luz filtrada por color, no solo grises.', 'El menú no cambia el filtro físico.']],
    [0, 'Un sensor grande recoge más luz en total que uno pequeño con el mismo número de píxeles.', 'Dos sensores con los mismos megapíxeles, uno grande y otro pequeño: ¿cuál recoge más luz?', ['El grande', 'El pequeño', 'Los dos igual', 'Depende de la tarjeta'], ['Correcto: cada píxel es mayor y capta más.', 'Al revés: sus píxeles son más pequeños.', 'Creer que solo cuentan los megapíxeles es el error de esta lección.', 'La tarjeta no interviene en la captura.']],
    [0, 'Los megapíxeles indican cuántos puntos tiene la imagen, no lo buenos que son.', '¿Qué indican los megapíxeles de una cámara?', ['Cuántos puntos tiene la imagen', 'Lo nítida que saldrá la foto', 'Cuánta luz capta el sensor', 'La calidad de las lentes del objetivo montado'], ['Correcto: es una cantidad de puntos.', 'Es el error de confundir resolución con calidad.', 'La luz depende del tamaño del sensor.', 'El objetivo es una pieza aparte.']],
    [0, 'Más píxeles permiten recortar más, pero cada píxel recibe menos luz si el sensor no crece con ellos.', '¿Qué ventaja real dan más megapíxeles?', ['Permiten recortar más la foto', 'Eliminan el ruido de noche', 'Mejoran la luz que llega a la escena retratada', 'Hacen innecesario enfocar'], ['Correcto: hay más puntos para recortar.', 'Al contrario: con el mismo sensor, cada píxel capta menos luz.', 'La luz de la escena no depende de la cámara.', 'El enfoque sigue siendo necesario.']],
    [1, 'Con f/2 entra mucha luz; con f/8 entra bastante menos.', '¿Qué apertura deja entrar más luz?', ['f/2', 'f/8', 'f/16', 'Todas la misma'], ['Correcto: número pequeño, agujero grande.', 'Es el error de leer la escala al revés.', 'f/16 es todavía más cerrada.', 'Cada número deja pasar una luz distinta.']],
    [1, 'Con f/2 solo queda enfocada una franja estrecha y el fondo se difumina.', 'Quieres un retrato con el fondo suave. ¿Qué apertura eliges?', ['Una abierta, como f/2', 'Una cerrada, como f/16', 'La que sea: no influye', 'Subir el ISO en su lugar'], ['Correcto: poca profundidad de campo.', 'f/16 deja casi todo nítido.', 'La apertura cambia la profundidad de campo.', 'El ISO no cambia el desenfoque.']],
    [1, 'Una velocidad rápida congela a un niño que salta.', 'Un niño salta en un charco. ¿Qué velocidad congela el salto?', ['1/1000', '1/15', '1/30', '1 segundo'], ['Correcto: muy rápida.', 'Demasiado lenta: saldría movido.', 'Aún lenta para un salto.', 'Convertiría el salto en una mancha.']],
    [1, 'Una regla práctica para no trepidar es no bajar de 1/60 con un objetivo normal.', 'Con la cámara en la mano y un objetivo normal, ¿qué velocidad mínima aconseja la lección?', ['1/60', '1/8', '1/2', '2 segundos'], ['Correcto: por debajo, la foto tiende a salir movida.', 'Con 1/8 el pulso mueve la foto.', 'Medio segundo exige trípode.', 'Dos segundos solo con trípode.']],
    [1, 'El ISO no deja entrar más luz: amplifica la señal que ya ha recogido el sensor.', '¿Qué hace realmente subir el ISO?', ['Amplifica la señal del sensor', 'Abre más las láminas del diafragma del objetivo', 'Alarga la exposición', 'Deja entrar más luz'], ['Correcto: amplifica lo ya captado.', 'Eso es la apertura.', 'Eso es la velocidad.', 'Es la idea equivocada más común sobre el ISO.']],
    [1, 'Al amplificar la señal también amplificas el ruido', '¿Cuál es el coste de un ISO alto?', ['Más ruido en la imagen', 'Un fondo mucho más desenfocado', 'Sujetos movidos', 'Ninguno'], ['Correcto: se amplifica también el ruido.', 'Eso depende de la apertura.', 'Eso depende de la velocidad.', 'Pensar que subir el ISO es gratis es el error de la lección.']],
    [1, 'Un paso duplica o reduce a la mitad la luz.', '¿Cuánta luz cambia un paso de exposición?', ['La duplica o la reduce a la mitad', 'La aumenta en torno a un diez por ciento', 'La triplica siempre', 'Depende del ISO'], ['Correcto: un paso es un factor dos.', 'Un paso es mucho más que eso.', 'Un paso es un factor dos, no tres.', 'El paso es igual en los tres ajustes.']],
    [1, 'Si abres un paso la apertura y acortas un paso la velocidad, la foto tiene el mismo brillo', 'Abres un paso la apertura. ¿Cómo mantienes el mismo brillo?', ['Acortas un paso la velocidad', 'Subes un paso el ISO', 'Alargas un paso el tiempo de exposición', 'No hace falta nada'], ['Correcto: quitas la luz que añadiste.', 'Así añadirías aún más luz.', 'También añadirías luz.', 'La foto saldría un paso más clara.']],
    [2, 'calcula unos ajustes para que el conjunto quede en un tono medio, ni claro ni oscuro', '¿Qué tono busca el fotómetro para la escena?', ['Un tono medio', 'El más claro posible', 'El más oscuro posible', 'El que muestra la pantalla'], ['Correcto: lleva el conjunto a un tono medio.', 'Quemaría la escena.', 'La dejaría negra.', 'La pantalla no decide la medición.']],
    [2, 'El fotómetro las oscurece hasta dejarlas grises.', 'Haces una foto de un paisaje nevado con la cámara en automático. ¿Qué suele pasar?', ['La nieve se ve gris en la foto', 'La nieve aparece quemada y sin detalle', 'La foto sale movida por el frío', 'Nada: la cámara siempre acierta con la nieve'], ['Correcto: el fotómetro la oscurece hasta dejarla en un tono medio.', 'Ocurre lo contrario: la cámara oscurece la nieve en lugar de aclararla.', 'Que la foto salga movida depende de la velocidad de obturación.', 'La nieve engaña al fotómetro, que la lleva siempre hacia un tono medio.']],
    [2, 'En la nieve sueles subir un paso o un paso y medio.', '¿Cómo corriges la exposición en la nieve?', ['Compensación positiva, +1 o +1,5', 'Compensación negativa, −1', 'Subir la resolución', 'Cambiar el balance de blancos a «nublado»'], ['Correcto: aclaras lo que el fotómetro oscureció.', 'Oscurecería aún más la nieve.', 'La resolución no cambia el brillo.', 'El balance cambia el color, no el brillo.']],
    [2, 'La medición puntual mide solo un círculo pequeño del centro.', '¿Qué parte de la escena mide la medición puntual?', ['Un círculo pequeño del centro', 'Toda la escena por igual', 'Solo el cielo', 'Las cuatro esquinas del encuadre, por separado'], ['Correcto.', 'Eso es la medición matricial o promediada.', 'Mide donde la apuntes, no el cielo.', 'Las esquinas no son su zona.']],
    [2, 'La pantalla de la cámara engaña, sobre todo al sol o en una habitación oscura.', '¿Por qué no conviene juzgar la exposición por la pantalla?', ['Su brillo depende de la luz ambiente', 'Siempre muestra la foto en blanco y negro', 'Tiene más resolución que el sensor', 'Solo muestra el centro de la foto'], ['Correcto: al sol o a oscuras engaña.', 'Muestra color.', 'Tiene bastante menos resolución.', 'Muestra el encuadre completo.']],
    [2, 'Si la montaña del gráfico se amontona contra el borde derecho, hay zonas quemadas sin detalle.', 'El histograma se amontona contra el borde derecho. ¿Qué indica?', ['Zonas quemadas sin detalle', 'Sombras empastadas', 'Una foto movida', 'Una exposición perfecta, sin nada que corregir'], ['Correcto.', 'Eso sería el borde izquierdo.', 'El histograma no mide el movimiento.', 'Pegado al borde, hay pérdida de detalle.']],
    [2, 'No existe un histograma perfecto: una foto de nieve debe tener la montaña a la derecha.', '¿Dónde debe estar la montaña del histograma en una foto de nieve bien expuesta?', ['Hacia la derecha', 'Centrada', 'Hacia la izquierda', 'Repartida a partes iguales'], ['Correcto: la escena es clara.', 'Centrada, la nieve sería gris.', 'La nieve saldría oscura.', 'No existe un histograma ideal para todo.']],
  ],
};
